// The dashboard's first screen: today's and this month's orders and revenue, pending count, a 30-day chart of orders
// and revenue (uPlot, loaded with the chart: decision 230), best sellers, variants with low stock and the refusal rate (cancelled or returned orders, 30 days).
import { useMemo, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { fill, messages, plural } from '#shared/messages';
import { staffMessages } from '#shared/messages-staff';
import { returnMessages } from '#shared/messages/returns';
import { formatDate } from '#shared/dates';
import type { BestSellerDto, OverviewDayDto, OverviewDto } from '#shared/dto/overview';
import { formatEuro } from '#shared/money';
import { trpc } from '#client/lib/trpc';
import { readError } from '#client/lib/api-error';
import { PageHeader } from '#client/components/dashboard/page-header';
import { LowStockCard } from './low-stock-card';
import { InnerTable, Thumb } from '#client/components/dashboard/sales-kit';
import { ReportChart, type ChartSeries } from './report-chart';
import { shortDay } from '#shared/report-periods';

const m = staffMessages.dashboard;
const s = staffMessages.dashboardSales;
const lc = staffMessages.orderLifecycle;
const r = staffMessages.reports;

export function Overview() {
  const summary = useQuery({ ...trpc.overview.summary.queryOptions(), staleTime: 15_000 });
  if (summary.isPending)
    return (
      <>
        <PageHeader title={m.overview} />
        <div className="dash-card sales-notice">{messages.common.loading}</div>
      </>
    );
  if (summary.isError)
    return (
      <>
        <PageHeader title={m.overview} />
        <div className="dash-card sales-notice is-error" role="alert">
          {readError(summary.error, s.loadFailed).message}
        </div>
      </>
    );
  const o = summary.data;
  return (
    <>
      <PageHeader title={m.overview} actions={<span className="dash-muted">{formatDate(o.today)}</span>} />
      <OverviewKpis o={o} />
      <div className="sales-overview-grid">
        <OverviewChart days={o.days} />
        <BestSellersCard bestSellers={o.bestSellers} />
      </div>
      <ReturnsCard o={o} />
      <LowStockCard />
    </>
  );
}

/** Returns over the 30 days (decision 235): refunds (the revenue above is net of them), return rate, top reasons. */
function ReturnsCard({ o }: { o: OverviewDto }) {
  const t = staffMessages.returns;
  return (
    <section
      className="dash-card"
      aria-labelledby="ov-returns"
      data-testid="overview-returns"
      style={{ marginTop: 16 }}
    >
      <h2 className="sales-card-title" id="ov-returns">
        <Link to="/dashboard/returns">{t.overviewTitle}</Link>{' '}
        <span className="dash-muted" style={{ fontWeight: 400, fontSize: '.85rem' }}>
          · {s.lastDays}
        </span>
      </h2>
      <p>
        <span title={t.returnRateHint}>{t.returnRate}</span>:{' '}
        <strong>{`${String(o.returns.returnRate).replace('.', ',')} %`}</strong> · {t.refunds}:{' '}
        <strong>{formatEuro(o.returns.refunds)}</strong>
      </p>
      <h3 className="sales-card-title">{t.topReasons}</h3>
      {o.returns.topReasons.length === 0 ? (
        <p className="dash-muted">{t.noReasons}</p>
      ) : (
        <ol className="sales-list">
          {o.returns.topReasons.map((x) => (
            <li key={`${x.productName}|${x.size}|${x.reason}`}>
              <span className="grow">
                {fill(t.reasonRow, { product: x.productName, size: x.size, reason: returnMessages.reasons[x.reason] })}
              </span>
              <strong>{plural(t.units, x.units)}</strong>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** A rate of the last 30 days, with what it counts under it (the reports count the same days the same way). */
function RateKpi({ testId, label, rate, detail }: { testId: string; label: string; rate: number; detail: string }) {
  return (
    <div className="sales-kpi" data-testid={testId} title={detail}>
      <span>{label}</span>
      <strong>{`${String(rate).replace('.', ',')} %`}</strong>
      <small className="dash-muted">{detail}</small>
    </div>
  );
}

/** The key figures: today's and this month's orders and revenue, pending orders, cancellations and refusals. */
function OverviewKpis({ o }: { o: OverviewDto }) {
  return (
    <div className="sales-kpis">
      <div className="sales-kpi">
        <span>{s.todayOrders}</span>
        <strong>{o.todayOrders}</strong>
      </div>
      <div className="sales-kpi">
        <span>{s.todayRevenue}</span>
        <strong>{formatEuro(o.todayRevenue)}</strong>
      </div>
      <div className="sales-kpi">
        <span>{s.monthOrders}</span>
        <strong>{o.monthOrders}</strong>
      </div>
      <div className="sales-kpi">
        <span>{s.monthRevenue}</span>
        <strong>{formatEuro(o.monthRevenue)}</strong>
      </div>
      <Link to="/dashboard/orders/pending" className="sales-kpi">
        <span>{s.pendingCount}</span>
        <strong>{o.pendingOrders}</strong>
      </Link>
      <RateKpi
        testId="cancel-rate"
        label={lc.cancelRate}
        rate={o.outcomes.cancelRate}
        detail={plural(lc.cancelDetail, o.outcomes.cancelled, { total: o.outcomes.placed })}
      />
      <RateKpi
        testId="refusal-rate"
        label={lc.refusalRate}
        rate={o.outcomes.refusalRate}
        detail={plural(lc.refusalDetail, o.outcomes.returned, { total: o.outcomes.shipped })}
      />
    </div>
  );
}

/** The best sellers of the last days, with units sold and revenue. */
function BestSellersCard({ bestSellers }: { bestSellers: BestSellerDto[] }) {
  return (
    <section className="dash-card" aria-labelledby="ov-best">
      <h2 className="sales-card-title" id="ov-best">
        {s.bestSellers}{' '}
        <span className="dash-muted" style={{ fontWeight: 400, fontSize: '.85rem' }}>
          · {s.lastDays}
        </span>
      </h2>
      {bestSellers.length === 0 ? (
        <p className="dash-muted">{s.noSales}</p>
      ) : (
        <ol className="sales-list">
          {bestSellers.map((b) => (
            <li key={`${b.productID ?? b.productName}`}>
              <Thumb url={b.imageURL} alt="" />
              <span className="grow">
                {b.productName}
                <br />
                <span className="dash-muted">{formatEuro(b.revenue)}</span>
              </span>
              <strong>{fill(s.soldUnits, { n: b.quantity })}</strong>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** Orders per day as bars (left axis, whole numbers) and revenue as a line (right axis, euros), with a table view. */
function OverviewChart({ days }: { days: OverviewDayDto[] }) {
  const [asTable, setAsTable] = useState(false);
  const labels = useMemo(() => days.map((d) => shortDay(d.date)), [days]);
  const series = useMemo<ChartSeries[]>(
    () => [
      { label: r.orders, values: days.map((d) => d.orders), kind: 'bars', axis: 'count', color: '--accent' },
      { label: r.revenue, values: days.map((d) => d.revenue), kind: 'line', axis: 'money', color: '--ink' },
    ],
    [days],
  );
  return (
    <section className="dash-card" aria-labelledby="ov-chart">
      <div className="report-card-head">
        <h2 className="sales-card-title" id="ov-chart">
          {r.overviewChart}
        </h2>
        <button
          type="button"
          className="dash-btn dash-btn--sm"
          aria-pressed={asTable}
          onClick={() => setAsTable((v) => !v)}
        >
          {asTable ? r.showChart : r.showTable}
        </button>
      </div>
      {asTable ? (
        <InnerTable
          columns={[{ label: r.bucket }, { label: r.orders, className: 'num' }, { label: r.revenue, className: 'num' }]}
        >
          {days.map((d) => (
            <tr key={d.date}>
              <th scope="row">{formatDate(d.date)}</th>
              <td className="num">{d.orders}</td>
              <td className="num">{formatEuro(d.revenue)}</td>
            </tr>
          ))}
        </InnerTable>
      ) : (
        <ReportChart labels={labels} series={series} title={r.overviewChart} className="sales-chart" />
      )}
    </section>
  );
}
