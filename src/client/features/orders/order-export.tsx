// "Eksporto CSV" on the orders screen: the optional shop-day range and the list's state go to
// GET /api/Orders/export.csv (streamed by the server); the answer is saved under the server's file name.
import { useState } from 'react';
import { staffMessages } from '#shared/messages-staff';
import { isIsoDate } from '#shared/dates';
import type { OrderStatus } from '#shared/dto/orders';
import { downloadFile } from '#client/components/dashboard/download';
import { DateField } from '#client/components/ui/date-field';
import { Field } from '#client/components/ui/field';
import { notify } from '#client/lib/notify';

const lc = staffMessages.orderLifecycle;

export function OrderExport({ status }: { status?: OrderStatus }) {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [busy, setBusy] = useState(false);

  async function onExport() {
    const query = new URLSearchParams();
    if (from) query.set('from', from);
    if (to) query.set('to', to);
    if (status) query.set('status', status);
    setBusy(true);
    try {
      const res = await downloadFile(`/api/Orders/export.csv${query.size ? `?${query}` : ''}`, 'porosite.csv');
      if (!res.ok) notify.error(res.message ?? lc.exportFailed);
    } catch {
      notify.error(lc.exportFailed);
    } finally {
      setBusy(false);
    }
  }

  // Folded under its button (issue 35): the range is chosen now and then, and on a phone it filled the screen above
  // the first order.
  return (
    <details className="sales-export">
      <summary className="dash-btn">{lc.exportCsv}</summary>
      <div className="sales-export__panel">
        <Field id="export-from" label={lc.exportFrom} look="dashboard">
          {(control) => <DateField {...control} value={from} onChange={setFrom} data-testid="export-from" />}
        </Field>
        <Field id="export-to" label={lc.exportTo} look="dashboard">
          {(control) => (
            <DateField
              {...control}
              value={to}
              onChange={setTo}
              min={isIsoDate(from) ? from : undefined}
              data-testid="export-to"
            />
          )}
        </Field>
        <button
          type="button"
          className="dash-btn dash-btn--primary"
          onClick={() => void onExport()}
          // A date typed wrong is not sent: its field says what is wrong.
          disabled={busy || [from, to].some((d) => d !== '' && !isIsoDate(d))}
        >
          {lc.exportDownload}
        </button>
      </div>
    </details>
  );
}
