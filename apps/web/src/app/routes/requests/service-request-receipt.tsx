import { RequestLoader } from '../../../features/customer-requests/components/request-loader';
import { RequestReceipt } from '../../../features/customer-requests/components/request-receipt';

/** /requests/{id}/receipt: the printable receipt of a paid request. */
export default function ServiceRequestReceiptRoute() {
  return <RequestLoader>{(request) => <RequestReceipt request={request} />}</RequestLoader>;
}
