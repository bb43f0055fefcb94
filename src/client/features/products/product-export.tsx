// "Eksporto CSV" for the catalogue: GET /api/Product/export.csv (one row per variant), saved under the server's name.
import { useState } from 'react';
import { staffMessages } from '#shared/messages-staff';
import { downloadFile } from '#client/components/dashboard/download';
import { notify } from '#client/lib/notify';

const m = staffMessages.productCsv;

export function ProductExportButton() {
  const [busy, setBusy] = useState(false);
  async function onExport() {
    setBusy(true);
    try {
      const res = await downloadFile('/api/Product/export.csv', 'produktet.csv');
      if (!res.ok) notify.error(res.message ?? m.exportFailed);
    } catch {
      notify.error(m.exportFailed);
    } finally {
      setBusy(false);
    }
  }
  return (
    <button type="button" className="dash-btn" onClick={() => void onExport()} disabled={busy}>
      {m.export}
    </button>
  );
}
