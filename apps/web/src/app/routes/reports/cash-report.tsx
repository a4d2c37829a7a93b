import { CashReport } from '../../../features/reports/components/cash-report';

/** /reports/cash (payments.index): every association's figures, the forecast and the lines. */
export default function CashReportRoute() {
  return <CashReport />;
}
