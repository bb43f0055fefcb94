// The dashboard's first screen: today's and this month's orders and revenue, pending count, a 30-day bar chart
// (inline SVG), best sellers, variants with low stock and the refusal rate (cancelled or returned orders, 30 days).
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { fill, messages, plural } from '../../../shared/messages';
import { staffMessages } from '../../../shared/messages-staff';
import { formatDate } from '../../../shared/dates';
import type { BestSellerDto, OverviewDayDto, OverviewDto } from '../../../shared/dto/overview';
import { formatEuro } from '../../../shared/money';
import { trpc } from '../../lib/trpc';
import { readError } from '../../lib/api-error';
import { PageHeader } from '../../components/dashboard/page-header';
import { LowStockCard } from './low-stock-card';
import { Thumb } from './sales-kit';

const m = staffMessages.dashboard;
const s = staffMessages.dashboardSales;
const lc = staffMessages.orderLifecycle;

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
        <section className="dash-card" aria-labelledby="ov-chart">
          <h2 className="sales-card-title" id="ov-chart">
            {s.ordersPerDay}
          </h2>
          <BarChart days={o.days} />
        </section>
        <BestSellersCard bestSellers={o.bestSellers} />
      </div>
      <LowStockCard />
    </>
  );
}

/** The key figures: today's and this month's orders and revenue, pending orders and the refusal rate. */
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
      <div
        className="sales-kpi"
        data-testid="refusal-rate"
        title={plural(lc.refusalDetail, o.refusedOrders, { total: o.chartOrdersPlaced })}
      >
        <span>{lc.refusalRate}</span>
        <strong>{`${String(o.refusalRate).replace('.', ',')} %`}</strong>
        <small className="dash-muted">
          {plural(lc.refusalDetail, o.refusedOrders, { total: o.chartOrdersPlaced })}
        </small>
      </div>
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

/** Orders per day as an inline SVG bar chart (no chart library); each bar has a title for hover and screen readers. */
function BarChart({ days }: { days: OverviewDayDto[] }) {
  const W = 600;
  const H = 180;
  // Right padding keeps the last day's centred label (today) inside the picture.
  const pad = { top: 10, bottom: 22, left: 26, right: 14 };
  const max = Math.max(1, ...days.map((d) => d.orders));
  const step = (W - pad.left - pad.right) / days.length;
  const barW = Math.max(2, step * 0.7);
  const plotH = H - pad.top - pad.bottom;
  const ticks = [0, Math.ceil(max / 2), max].filter((v, i, a) => a.indexOf(v) === i);
  return (
    <svg className="sales-chart" viewBox={`0 0 ${W} ${H}`} role="img" aria-label={s.ordersPerDay}>
      {ticks.map((t) => {
        const y = pad.top + plotH - (t / max) * plotH;
        return (
          <g key={t}>
            <line x1={pad.left} x2={W - pad.right} y1={y} y2={y} stroke="var(--line)" />
            <text x={pad.left - 6} y={y + 3} textAnchor="end">
              {t}
            </text>
          </g>
        );
      })}
      {days.map((d, i) => {
        const h = (d.orders / max) * plotH;
        const x = pad.left + i * step + (step - barW) / 2;
        const label = `${fill(s.ordersOnDay, { date: formatDate(d.date), n: d.orders })} · ${formatEuro(d.revenue)}`;
        return (
          <g key={d.date}>
            <rect
              className={`bar${i === days.length - 1 ? ' is-today' : ''}`}
              x={x}
              y={pad.top + plotH - h}
              width={barW}
              height={Math.max(h, d.orders ? 1 : 0)}
              rx={2}
            >
              <title>{label}</title>
            </rect>
            {(i % 5 === 0 || i === days.length - 1) && (
              <text x={x + barW / 2} y={H - 6} textAnchor="middle">
                {d.date.slice(8, 10)}.{d.date.slice(5, 7)}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}
