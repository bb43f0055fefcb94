// /dashboard/reports (issue 27, decision 230): choose a period (last 7 or 30 days, this month, last month or two
// dates) and a granularity; the key figures against the previous period of the same length, four charts (revenue,
// orders, average order, cash on delivery still to collect), the top lists and the rates by place.
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fill, messages } from '#shared/messages';
import { staffMessages } from '#shared/messages-staff';
import { isIsoDate, shopToday } from '#shared/dates';
import {
  daysInPeriod,
  presetPeriod,
  rangeLabel,
  REPORT_GRANULARITIES,
  REPORT_MAX_DAYS,
  REPORT_PRESETS,
  type ReportGranularity,
  type ReportPreset,
} from '#shared/report-periods';
import type { ReportDto } from '#shared/dto/reports';
import type { ReportInput } from '#shared/schemas/reports';
import { trpc } from '#client/lib/trpc';
import { readError } from '#client/lib/api-error';
import { PageHeader } from '#client/components/dashboard/page-header';
import { DateField } from '#client/components/ui/date-field';
import { Field } from '#client/components/ui/field';
import { formatMetric, MetricCard, PlacesCard, TopListCard, type Metric } from './report-cards';
import { CreditAndCartsCards } from './report-credit-carts';

const r = staffMessages.reports;
const METRICS: Metric[] = ['revenue', 'orders', 'averageOrder', 'codToCollect'];

interface Choice {
  preset: ReportPreset;
  from: string;
  to: string;
  granularity: ReportGranularity;
}

/** The period a choice names, or the reason it names none (a date missing, custom dates backwards or too far apart). */
function periodOf(c: Choice): { input: ReportInput } | { problem: string } {
  const { from, to } = c.preset === 'custom' ? c : presetPeriod(c.preset, shopToday());
  // A date typed wrong has its own message under its field; the report waits for two dates.
  if (!isIsoDate(from) || !isIsoDate(to)) return { problem: r.datesNeeded };
  if (daysInPeriod(from, to) < 1) return { problem: r.rangeInvalid };
  if (daysInPeriod(from, to) > REPORT_MAX_DAYS) return { problem: r.rangeTooLong };
  return { input: { from, to, granularity: c.granularity } };
}

function PeriodControls({ choice, onChange }: { choice: Choice; onChange: (c: Choice) => void }) {
  const set = (patch: Partial<Choice>) => onChange({ ...choice, ...patch });
  return (
    <div className="dash-card report-controls">
      <div className="report-field">
        <label htmlFor="report-preset">{r.period}</label>
        <select
          id="report-preset"
          className="dash-input"
          value={choice.preset}
          onChange={(e) => {
            const preset = e.target.value as ReportPreset;
            // Custom starts from the dates the preset showed, so the staff member edits instead of typing both.
            const shown = choice.preset === 'custom' ? choice : presetPeriod(choice.preset, shopToday());
            set(preset === 'custom' ? { preset, from: shown.from, to: shown.to } : { preset });
          }}
        >
          {REPORT_PRESETS.map((p) => (
            <option key={p} value={p}>
              {r.presets[p]}
            </option>
          ))}
        </select>
      </div>
      {choice.preset === 'custom' && (
        <>
          <Field id="report-from" label={r.from} look="dashboard" className="report-field">
            {(control) => <DateField {...control} value={choice.from} onChange={(from) => set({ from })} />}
          </Field>
          <Field id="report-to" label={r.to} look="dashboard" className="report-field">
            {(control) => (
              <DateField
                {...control}
                value={choice.to}
                onChange={(to) => set({ to })}
                min={isIsoDate(choice.from) ? choice.from : undefined}
              />
            )}
          </Field>
        </>
      )}
      <div className="report-field">
        <label htmlFor="report-granularity">{r.granularity}</label>
        <select
          id="report-granularity"
          className="dash-input"
          value={choice.granularity}
          onChange={(e) => set({ granularity: e.target.value as ReportGranularity })}
        >
          {REPORT_GRANULARITIES.map((g) => (
            <option key={g} value={g}>
              {r.granularities[g]}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

function change(current: number, previous: number): string {
  if (previous === 0) return current === 0 ? r.noChange : '';
  const pct = Math.round(((current - previous) / previous) * 1000) / 10;
  if (pct === 0) return r.noChange;
  return fill(r.change, { change: `${pct > 0 ? '+' : '−'}${String(Math.abs(pct)).replace('.', ',')}` });
}

function ReportKpis({ report }: { report: ReportDto }) {
  return (
    <div className="sales-kpis report-kpis">
      {METRICS.map((m) => (
        <div className="sales-kpi" key={m} data-testid={`kpi-${m}`}>
          <span>{r[m]}</span>
          <strong>{formatMetric(m, report.current[m])}</strong>
          <small className="dash-muted">
            {r.previous}: {formatMetric(m, report.previous[m])}
            <br />
            {change(report.current[m], report.previous[m])}
          </small>
        </div>
      ))}
    </div>
  );
}

function ReportBody({ report, input }: { report: ReportDto; input: ReportInput }) {
  return (
    <>
      <p className="dash-muted report-period" data-testid="report-period">
        {rangeLabel(report.from, report.to)},{' '}
        {fill(r.comparedWith, { period: rangeLabel(report.previousFrom, report.previousTo) })}
      </p>
      <ReportKpis report={report} />
      <div className="report-grid">
        {METRICS.map((m) => (
          <MetricCard key={m} metric={m} report={report} input={input} />
        ))}
      </div>
      <h2 className="report-section-title">{r.tops}</h2>
      <p className="dash-muted report-hint">{r.topsHint}</p>
      <div className="report-grid">
        <TopListCard id="top-products" title={r.topProducts} list={report.top.products} input={input} kind="products" />
        <TopListCard
          id="top-categories"
          title={r.topCategories}
          list={report.top.categories}
          input={input}
          kind="categories"
        />
        <TopListCard id="top-sizes" title={r.topSizes} list={report.top.sizes} input={input} kind="sizes" />
        <TopListCard id="top-colors" title={r.topColors} list={report.top.colors} input={input} kind="colors" />
      </div>
      <PlacesCard places={report.places} input={input} />
      <CreditAndCartsCards report={report} />
    </>
  );
}

export function Reports() {
  const [choice, setChoice] = useState<Choice>({ preset: 'last30', from: '', to: '', granularity: 'day' });
  const period = periodOf(choice);
  const input = 'input' in period ? period.input : null;
  const report = useQuery({
    ...trpc.reports.sales.queryOptions(input ?? { from: '2000-01-01', to: '2000-01-01', granularity: 'day' }),
    enabled: input !== null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  return (
    <>
      <PageHeader title={r.title} />
      <p className="dash-muted report-lead">{r.lead}</p>
      <PeriodControls choice={choice} onChange={setChoice} />
      {'problem' in period ? (
        <div className="dash-card sales-notice is-error" role="alert">
          {period.problem}
        </div>
      ) : report.isError ? (
        <div className="dash-card sales-notice is-error" role="alert">
          {readError(report.error, r.loadFailed).message}
        </div>
      ) : !report.data || !input ? (
        <div className="dash-card sales-notice">{messages.common.loading}</div>
      ) : (
        <div aria-busy={report.isFetching}>
          <ReportBody report={report.data} input={input} />
        </div>
      )}
    </>
  );
}
