// The reports' two cards of decision 275: the part of revenue paid with credit (inside revenue, never on top) and
// the forgotten carts reminded in the period with the orders that came back after a reminder (recovered revenue).
import { fill } from '../../../shared/messages';
import { staffMessages } from '../../../shared/messages-staff';
import { cartReminderMessages } from '../../../shared/messages/cart-reminders';
import { formatEuro } from '../../../shared/money';
import type { ReportDto } from '../../../shared/dto/reports';

const r = staffMessages.reports;
const c = cartReminderMessages.reports;

function Kpi({ id, label, value }: { id: string; label: string; value: string }) {
  return (
    <div className="sales-kpi" data-testid={id}>
      <span>{label}</span>
      <strong>{value}</strong>
    </div>
  );
}

export function CreditAndCartsCards({ report }: { report: ReportDto }) {
  const f = report.forgottenCarts;
  const cash = Math.max(0, Math.round((report.current.revenue - report.paidWithCredit.total) * 100) / 100);
  return (
    <>
      <h2 className="report-section-title">{r.paidWithCredit}</h2>
      <p className="dash-muted report-hint">{r.paidWithCreditHint}</p>
      <div className="sales-kpis report-kpis" data-testid="report-paid-with-credit">
        <Kpi
          id="kpi-paid-with-credit"
          label={r.storeCreditPart}
          value={formatEuro(report.paidWithCredit.storeCredit)}
        />
        <Kpi id="kpi-paid-cash" label={r.cashPart} value={formatEuro(cash)} />
      </div>
      <h2 className="report-section-title">{c.title}</h2>
      <p className="dash-muted report-hint">{fill(c.window, { days: f.recoveryDays })}</p>
      <div className="sales-kpis report-kpis" data-testid="report-forgotten-carts">
        <Kpi id="kpi-forgotten-carts" label={c.carts} value={String(f.carts)} />
        <Kpi id="kpi-forgotten-value" label={c.value} value={formatEuro(f.value)} />
        <Kpi id="kpi-recovered-orders" label={c.recoveredOrders} value={String(f.recoveredOrders)} />
        <Kpi id="kpi-recovered-revenue" label={c.recoveredRevenue} value={formatEuro(f.recoveredRevenue)} />
      </div>
    </>
  );
}
