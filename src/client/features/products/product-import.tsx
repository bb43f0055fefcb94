// /dashboard/import-products: pick a products CSV, "Kontrollo" runs the server's dry run and shows its report
// (refused cells with their spreadsheet row numbers), then "Importo" writes it, all or nothing (decisions 183, 262).
import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import type { ProductImportResultDto } from '#shared/dto/catalog-admin';
import { fill, plural } from '#shared/messages';
import { PRODUCT_CSV_MAX_MB as MAX_MB } from '#shared/limits';
import { staffMessages } from '#shared/messages-staff';
import { PageHeader } from '#client/components/dashboard/page-header';
import { uploadWithProgress } from '#client/components/dashboard/upload';
import { notify } from '#client/lib/notify';
import { invalidateCatalog } from '#client/components/dashboard/invalidate-catalog';
import { ProductExportButton } from './product-export';
import './product-import.css';

const m = staffMessages.productCsv;

type Phase = 'idle' | 'checking' | 'importing';

async function send(file: File, dryRun: boolean): Promise<{ report: ProductImportResultDto | null; message: string }> {
  const body = new FormData();
  body.append('file', file, file.name);
  const res = await uploadWithProgress<ProductImportResultDto>(
    `/api/Product/import${dryRun ? '?dryRun=true' : ''}`,
    body,
  );
  return { report: res.ok ? res.data : null, message: res.ok ? '' : (res.fieldErrors?.file?.[0] ?? res.message) };
}

/** The CSV file field: the browser's own file button speaks its language ("Choose File"), ours says it in Albanian. */
function CsvFilePicker({ file, onPick }: { file: File | null; onPick: (f: File | null) => void }) {
  return (
    <label className="csv-import-file">
      <span>{m.chooseFile}</span>
      <input
        type="file"
        accept=".csv,text/csv"
        data-testid="csv-file"
        className="visually-hidden"
        onChange={(e) => onPick(e.target.files?.[0] ?? null)}
      />
      <span className="csv-import-picker">
        <span className="dash-btn">{m.pickFile}</span>
        <span className="csv-import-name">{file?.name ?? m.noFileChosen}</span>
      </span>
    </label>
  );
}

export function ProductImport() {
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ProductImportResultDto | null>(null);
  const [problem, setProblem] = useState('');
  const [phase, setPhase] = useState<Phase>('idle');

  function pick(f: File | null) {
    setFile(f);
    setReport(null);
    setProblem(f && f.size > MAX_MB * 1024 * 1024 ? fill(m.fileTooLarge, { mb: MAX_MB }) : '');
  }

  async function run(dryRun: boolean) {
    if (!file) return setProblem(m.noFile);
    setPhase(dryRun ? 'checking' : 'importing');
    try {
      const { report: r, message } = await send(file, dryRun);
      setProblem(message);
      setReport(r);
      if (r && !dryRun && r.errors.length === 0) {
        notify.success(fill(m.imported, { created: r.created, updated: r.updated }));
        await invalidateCatalog();
      }
    } catch {
      setProblem(m.failed);
    } finally {
      setPhase('idle');
    }
  }

  const checkedOk = report?.dryRun === true && report.errors.length === 0;
  return (
    <>
      <PageHeader
        title={m.title}
        actions={
          <>
            <Link to="/dashboard/products" className="dash-btn">
              {m.backToProducts}
            </Link>
            <ProductExportButton />
          </>
        }
      />
      <section className="dash-card csv-import">
        <p className="csv-import-intro">{m.intro}</p>
        <p className="csv-import-hint">{m.templateHint}</p>
        <form className="csv-import-form" onSubmit={(e) => (e.preventDefault(), void run(true))}>
          <CsvFilePicker file={file} onPick={pick} />
          <div className="csv-import-actions">
            <button type="submit" className="dash-btn" disabled={!file || phase !== 'idle'}>
              {phase === 'checking' ? m.checking : m.check}
            </button>
            <button
              type="button"
              className="dash-btn dash-btn--primary"
              disabled={!checkedOk || phase !== 'idle'}
              onClick={() => void run(false)}
            >
              {phase === 'importing' ? m.importing : m.doImport}
            </button>
          </div>
        </form>
        {problem && (
          <p className="csv-import-problem" role="alert">
            {problem}
          </p>
        )}
      </section>
      {report && <ImportReport report={report} />}
    </>
  );
}

function ImportReport({ report }: { report: ProductImportResultDto }) {
  const failed = report.errors.length > 0;
  return (
    <section
      className={`dash-card csv-report${failed ? ' is-failed' : ''}`}
      data-testid="csv-report"
      aria-live="polite"
    >
      <h2>{report.dryRun ? m.reportTitle : fill(m.imported, { created: report.created, updated: report.updated })}</h2>
      <ul className="csv-report-summary">
        <li>{fill(m.rows, { n: report.rows })}</li>
        {!failed && (
          <>
            <li>{fill(m.willCreate, { n: report.created })}</li>
            <li>{fill(m.willUpdate, { n: report.updated })}</li>
            <li>{fill(m.unchanged, { n: report.unchanged })}</li>
            <li>{fill(m.variantsSummary, { created: report.variantsCreated, updated: report.variantsUpdated })}</li>
          </>
        )}
      </ul>
      {failed ? (
        <>
          <p className="csv-report-status is-error" role="alert">
            {plural(m.errorsFound, report.errors.length + report.moreErrors)}
          </p>
          <div className="dash-table-wrap">
            <table className="dash-table csv-errors" data-testid="csv-errors">
              <thead>
                <tr>
                  <th className="num">{m.colRow}</th>
                  <th>{m.colField}</th>
                  <th>{m.colMessage}</th>
                </tr>
              </thead>
              <tbody>
                {report.errors.map((e, i) => (
                  <tr key={i}>
                    <td className="num">{e.row}</td>
                    <td className="code">{e.field}</td>
                    <td>{e.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {report.moreErrors > 0 && <p>{plural(m.moreErrors, report.moreErrors)}</p>}
        </>
      ) : (
        report.dryRun && <p className="csv-report-status is-ok">{m.noErrors}</p>
      )}
    </section>
  );
}
