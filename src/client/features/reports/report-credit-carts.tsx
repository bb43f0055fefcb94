// The reports' cards of decision 275: refusals by first-time vs returning buyer, the part of revenue paid with credit (inside revenue, never on top) and
// the forgotten carts reminded in the period with the orders that came back after a reminder (recovered revenue).
import { fill } from '#shared/messages';
import { staffMessages } from '#shared/messages-staff';
import { cartReminderMessages } from '#shared/messages/cart-reminders';
import { formatEuro } from '#shared/money';
import type { ReportDto } from '#shared/dto/reports';
import { formatRate } from './report-cards';
import { InnerTable } from '#client/components/dashboard/sales-kit';

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

function ByBuyerTable({ report }: { report: ReportDto }) {
  const rows = [
    [r.firstTimeBuyer, report.refusalsByBuyer.firstTime],
    [r.returningBuyer, report.refusalsByBuyer.returning],
  ] as const;
  return (
    <section
      className="dash-card report-card"
      style={{ marginTop: 16 }}
      aria-labelledby="by-buyer"
      data-testid="report-by-buyer"
    >
      <h2 className="sales-card-title" id="by-buyer">
        {r.byBuyer}
      </h2>
      <p className="dash-muted report-hint">{r.byBuyerHint}</p>
      <InnerTable
        columns={[
          { label: r.buyerKind },
          { label: r.shipped, className: 'num' },
          { label: r.returned, className: 'num' },
          { label: r.refusalRate, className: 'num' },
        ]}
      >
        {rows.map(([label, x]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td className="num">{x.shipped}</td>
            <td className="num">{x.returned}</td>
            <td className="num">{formatRate(x.refusalRate)}</td>
          </tr>
        ))}
      </InnerTable>
    </section>
  );
}

export function CreditAndCartsCards({ report }: { report: ReportDto }) {
  const f = report.forgottenCarts;
  // Revenue holds the store credit but not what gift cards paid (counted when the cards were sold, decision 274).
  const cash = Math.max(0, Math.round((report.current.revenue - report.paidWithCredit.storeCredit) * 100) / 100);
  return (
    <>
      <ByBuyerTable report={report} />
      <h2 className="report-section-title">{r.paidWithCredit}</h2>
      <p className="dash-muted report-hint">{r.paidWithCreditHint}</p>
      <div className="sales-kpis report-kpis" data-testid="report-paid-with-credit">
        <Kpi
          id="kpi-paid-with-credit"
          label={r.storeCreditPart}
          value={formatEuro(report.paidWithCredit.storeCredit)}
        />
        <Kpi id="kpi-paid-gift-card" label={r.giftCardPart} value={formatEuro(report.paidWithCredit.giftCard)} />
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
