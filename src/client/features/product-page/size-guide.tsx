// The product page's size guide (issue 26): "Udhëzuesi i masave" beside the size picker opens the table in a native
// modal <dialog>, the chosen size's row highlighted. The button opens it with the browser's own invoker commands
// (command="show-modal" commandfor=…), so it works on the server-rendered page before any script has run; a browser
// without invokers opens it from the click handler once the page is live. No guide, no button, no dialog.
import type { SizeGuideDto } from '#shared/dto/catalog';
import { fill, messages } from '#shared/messages';
import { productMessages } from '#shared/messages/product';

const m = productMessages;
const DIALOG_ID = 'size-guide';

/** The invoker attributes (not yet in React's DOM types): the browser runs `command` on the element `commandfor`. */
const invoke = (command: 'show-modal' | 'close', target: string) =>
  ({ command, commandfor: target }) as unknown as Record<string, string>;

const supportsInvokers = () => typeof HTMLButtonElement !== 'undefined' && 'command' in HTMLButtonElement.prototype;

export function SizeGuideButton() {
  return (
    <button
      type="button"
      className="size-guide__open"
      aria-haspopup="dialog"
      {...invoke('show-modal', DIALOG_ID)}
      onClick={() => {
        if (!supportsInvokers()) (document.getElementById(DIALOG_ID) as HTMLDialogElement | null)?.showModal();
      }}
    >
      {m.sizeGuide}
    </button>
  );
}

interface SizeGuideDialogProps {
  guide: SizeGuideDto;
  productName: string;
  sizeID: number | null;
}

export function SizeGuideDialog({ guide, productName, sizeID }: SizeGuideDialogProps) {
  const close = () => (document.getElementById(DIALOG_ID) as HTMLDialogElement | null)?.close();
  return (
    <dialog id={DIALOG_ID} className="size-guide" aria-labelledby={`${DIALOG_ID}-title`} {...{ closedby: 'any' }}>
      <div className="size-guide__head">
        <h2 id={`${DIALOG_ID}-title`} className="size-guide__title">
          {fill(m.sizeGuideTitle, { name: productName })}
        </h2>
        <button
          type="button"
          className="size-guide__close"
          aria-label={messages.common.close}
          {...invoke('close', DIALOG_ID)}
          onClick={() => !supportsInvokers() && close()}
        >
          ×
        </button>
      </div>
      <p className="size-guide__unit">{m.sizeGuideUnit}</p>
      <div className="size-guide__scroll" tabIndex={0} role="region" aria-labelledby={`${DIALOG_ID}-title`}>
        <table className="size-guide__table">
          <thead>
            <tr>
              <th scope="col">{m.size}</th>
              {guide.columns.map((c, i) => (
                <th scope="col" key={i}>
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {guide.rows.map((row) => {
              const chosen = row.sizeID === sizeID;
              return (
                <tr key={row.sizeID} className={chosen ? 'size-guide__row--chosen' : undefined}>
                  <th scope="row" aria-current={chosen ? 'true' : undefined}>
                    {row.sizeName}
                    {chosen && <span className="visually-hidden"> ({m.sizeGuideChosen})</span>}
                  </th>
                  {row.values.map((v, i) => (
                    <td key={i}>{v || '—'}</td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {guide.note && (
        <div className="size-guide__note">
          <h3 className="size-guide__subheading">{m.sizeGuideHowTo}</h3>
          {guide.note.split(/\n{2,}/).map((para, i) => (
            <p key={i}>{para}</p>
          ))}
        </div>
      )}
    </dialog>
  );
}
