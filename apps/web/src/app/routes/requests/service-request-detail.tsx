import { RequestDetail } from '../../../features/customer-requests/components/request-detail';
import { RequestLoader } from '../../../features/customer-requests/components/request-loader';

/** /requests/{id}: one service request (its creator, staff who may list requests, or the one it was moved to). */
export default function ServiceRequestDetailRoute() {
  return <RequestLoader>{(request) => <RequestDetail request={request} />}</RequestLoader>;
}
