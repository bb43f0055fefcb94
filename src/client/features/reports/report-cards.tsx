// The reports screen's cards (decision 230): a chart with its table view and CSV, the top lists and the rates by
// place. Every card offers the same numbers as a table (accessible, toggled with a pressed button) and a CSV download
// written by the server (GET /api/Reports/export.csv).
import { useMemo, useState, type ReactNode } from 'react';
import { staffMessages } from '#shared/messages-staff';
import { formatEuro } from '#shared/money';
import { bucketLabel, rangeLabel } from '#shared/report-periods';
import type { ReportDto, ReportFiguresDto, ReportPlaceRowDto, ReportTopListDto } from '#shared/dto/reports';
import type { ReportCsvKind, ReportInput } from '#shared/schemas/reports';
import { downloadFile } from '#client/components/dashboard/download';
import { notify } from '#client/lib/notify';
import { ReportChart, type ChartSeries } from './report-chart';
import { InnerTable } from '#client/components/dashboard/sales-kit';

const r = staffMessages.reports;

export type Metric = Exclude<keyof ReportFiguresDto, never>;
const isMoney = (m: Metric) => m !== 'orders';
export const formatMetric = (m: Metric, v: number) => (isMoney(m) ? formatEuro(v) : String(v));
export const formatRate = (v: number) => `${String(v).replace('.', ',')} %`;

/** "Shkarko CSV" for one table of the report. */
function CsvButton({ input, kind }: { input: ReportInput; kind: ReportCsvKind }) {
  const [busy, setBusy] = useState(false);
  async function onClick() {
    const q = new URLSearchParams({ from: input.from, to: input.to, granularity: input.granularity, kind });
    setBusy(true);
    try {
      const res = await downloadFile(`/api/Reports/export.csv?${q}`, `raporti-${kind}.csv`);
      if (!res.ok) notify.error(res.message ?? r.csvFailed);
    } catch {
      notify.error(r.csvFailed);
    } finally {
      setBusy(false);
    }
  }
  return (
    <button type="button" className="dash-btn dash-btn--sm" onClick={() => void onClick()} disabled={busy}>
      {r.downloadCsv}
    </button>
  );
}

/** A card with a title, the table toggle and the CSV button; shows the picture or the table. */
function ReportCard(props: {
  id: string;
  title: string;
  hint?: string;
  input: ReportInput;
  kind: ReportCsvKind;
  extra?: ReactNode;
  picture: ReactNode;
  table: ReactNode;
}) {
  const [asTable, setAsTable] = useState(false);
  return (
    <section className="dash-card report-card" aria-labelledby={props.id} data-testid={`report-${props.id}`}>
      <div className="report-card-head">
        <h2 className="sales-card-title" id={props.id}>
          {props.title}
        </h2>
        <button
          type="button"
          className="dash-btn dash-btn--sm"
          aria-pressed={asTable}
          onClick={() => setAsTable((v) => !v)}
        >
          {asTable ? r.showChart : r.showTable}
        </button>
        <CsvButton input={props.input} kind={props.kind} />
      </div>
      {props.extra && <div className="report-card-tools">{props.extra}</div>}
      {props.hint && <p className="dash-muted report-hint">{props.hint}</p>}
      {asTable ? props.table : props.picture}
    </section>
  );
}

/** One figure per bucket, this period as bars and the previous one as a dashed line. */
export function MetricCard({ metric, report, input }: { metric: Metric; report: ReportDto; input: ReportInput }) {
  const title = r[metric];
  const labels = useMemo(() => report.buckets.map((b) => bucketLabel(b, report.granularity)), [report]);
  const series = useMemo<ChartSeries[]>(
    () => [
      {
        label: r.current,
        values: report.buckets.map((b) => b.current[metric]),
        kind: 'bars',
        axis: isMoney(metric) ? 'money' : 'count',
        color: '--accent',
      },
      {
        label: r.previous,
        values: report.buckets.map((b) => b.previous[metric]),
        kind: 'line',
        axis: isMoney(metric) ? 'money' : 'count',
        color: '--ink-soft',
        dashed: true,
      },
    ],
    [report, metric],
  );
  const table = (
    <InnerTable
      columns={[{ label: r.bucket }, { label: r.current, className: 'num' }, { label: r.previous, className: 'num' }]}
    >
      {report.buckets.map((b) => (
        <tr key={b.start}>
          <th scope="row">{rangeLabel(b.start, b.end)}</th>
          <td className="num">{formatMetric(metric, b.current[metric])}</td>
          <td className="num">
            {formatMetric(metric, b.previous[metric])}
            <small className="dash-muted report-cell-note">{rangeLabel(b.previousStart, b.previousEnd)}</small>
          </td>
        </tr>
      ))}
    </InnerTable>
  );
  const chartTitle = `${title}: ${rangeLabel(report.from, report.to)}`;
  return (
    <ReportCard
      id={`chart-${metric}`}
      title={title}
      hint={metric === 'revenue' ? r.revenueHint : metric === 'codToCollect' ? r.codHint : undefined}
      input={input}
      kind="series"
      picture={<ReportChart labels={labels} series={series} title={chartTitle} />}
      table={table}
    />
  );
}

/** A top list: bars of revenue or units, or the table; sorted by revenue or by units. */
export function TopListCard(props: {
  id: string;
  title: string;
  list: ReportTopListDto;
  input: ReportInput;
  kind: ReportCsvKind;
}) {
  const [by, setBy] = useState<'revenue' | 'units'>('revenue');
  const rows = by === 'revenue' ? props.list.byRevenue : props.list.byUnits;
  const max = Math.max(1, ...rows.map((x) => (by === 'revenue' ? x.revenue : x.units)));
  const sortButtons = (
    <span className="report-sort" role="group" aria-label={props.title}>
      {(['revenue', 'units'] as const).map((k) => (
        <button key={k} type="button" className="sales-option" aria-pressed={by === k} onClick={() => setBy(k)}>
          {k === 'revenue' ? r.byRevenue : r.byUnits}
        </button>
      ))}
    </span>
  );
  const empty = <p className="dash-muted">{r.noSales}</p>;
  const picture =
    rows.length === 0 ? (
      empty
    ) : (
      <ol className="report-bars">
        {rows.map((x) => (
          <li key={x.name}>
            <span className="report-bar-name">{x.name}</span>
            <span className="report-bar-track" aria-hidden="true">
              <span style={{ width: `${((by === 'revenue' ? x.revenue : x.units) / max) * 100}%` }} />
            </span>
            <strong>{by === 'revenue' ? formatEuro(x.revenue) : x.units}</strong>
          </li>
        ))}
      </ol>
    );
  const table =
    rows.length === 0 ? (
      empty
    ) : (
      <InnerTable
        columns={[
          { label: r.rank },
          { label: r.name },
          { label: r.units, className: 'num' },
          { label: r.revenue, className: 'num' },
        ]}
      >
        {rows.map((x, i) => (
          <tr key={x.name}>
            <td>{i + 1}</td>
            <th scope="row">{x.name}</th>
            <td className="num">{x.units}</td>
            <td className="num">{formatEuro(x.revenue)}</td>
          </tr>
        ))}
      </InnerTable>
    );
  return (
    <ReportCard
      id={props.id}
      title={props.title}
      input={props.input}
      kind={props.kind}
      extra={sortButtons}
      picture={picture}
      table={table}
    />
  );
}

function PlaceTable({ rows, withCity }: { rows: ReportPlaceRowDto[]; withCity: boolean }) {
  return (
    <InnerTable
      columns={[
        { label: withCity ? r.city : r.country },
        ...(withCity ? [{ label: r.country, className: 'sales-hide-narrow' }] : []),
        { label: r.placed, className: 'num' },
        { label: r.cancelled, className: 'num sales-hide-narrow' },
        { label: r.shipped, className: 'num sales-hide-narrow' },
        { label: r.returned, className: 'num sales-hide-narrow' },
        { label: r.cancelRate, className: 'num' },
        { label: r.refusalRate, className: 'num' },
      ]}
    >
      {rows.map((x) => (
        <tr key={`${x.country}/${x.city ?? ''}`}>
          <th scope="row">{withCity ? x.city : x.country}</th>
          {withCity && <td className="sales-hide-narrow">{x.country}</td>}
          <td className="num">{x.placed}</td>
          <td className="num sales-hide-narrow">{x.cancelled}</td>
          <td className="num sales-hide-narrow">{x.shipped}</td>
          <td className="num sales-hide-narrow">{x.returned}</td>
          <td className="num">{formatRate(x.cancelRate)}</td>
          <td className="num">{formatRate(x.refusalRate)}</td>
        </tr>
      ))}
    </InnerTable>
  );
}

/** Cancellation and refusal rates by city or by country: bars of the two rates, or the table. */
export function PlacesCard({ places, input }: { places: ReportDto['places']; input: ReportInput }) {
  const [by, setBy] = useState<'cities' | 'countries'>('cities');
  const rows = places[by];
  const toggle = (
    <span className="report-sort" role="group" aria-label={r.places}>
      {(['cities', 'countries'] as const).map((k) => (
        <button key={k} type="button" className="sales-option" aria-pressed={by === k} onClick={() => setBy(k)}>
          {k === 'cities' ? r.byCity : r.byCountry}
        </button>
      ))}
    </span>
  );
  const empty = <p className="dash-muted">{r.noOrders}</p>;
  const picture =
    rows.length === 0 ? (
      empty
    ) : (
      <>
        <p className="report-legend" aria-hidden="true">
          <span className="report-key" /> {r.cancelRate} <span className="report-key is-refusal" /> {r.refusalRate}
        </p>
        <ol className="report-bars report-bars--rates">
          {rows.map((x) => (
            <li key={`${x.country}/${x.city ?? ''}`}>
              <span className="report-bar-name">
                {x.city ?? x.country} <small className="dash-muted">({x.placed})</small>
              </span>
              <span className="report-bar-track" aria-hidden="true">
                <span style={{ width: `${x.cancelRate}%` }} />
              </span>
              <strong title={r.cancelRate}>{formatRate(x.cancelRate)}</strong>
              <span className="report-bar-track is-refusal" aria-hidden="true">
                <span style={{ width: `${x.refusalRate}%` }} />
              </span>
              <strong title={r.refusalRate}>{formatRate(x.refusalRate)}</strong>
            </li>
          ))}
        </ol>
      </>
    );
  return (
    <ReportCard
      id="places"
      title={r.places}
      hint={r.placesHint}
      input={input}
      kind={by}
      extra={toggle}
      picture={picture}
      table={rows.length === 0 ? empty : <PlaceTable rows={rows} withCity={by === 'cities'} />}
    />
  );
}
