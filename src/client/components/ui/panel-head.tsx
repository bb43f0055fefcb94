// The header of a side panel or dialog: its title (named by `titleId` for aria-labelledby) and a close button with
// an X icon. `block` is the BEM block of the panel's own styles (`<block>__head`, `__title`, `__close`).
export function PanelHead(props: {
  block: string;
  titleId: string;
  title: string;
  closeLabel: string;
  onClose: () => void;
}) {
  const { block, titleId, title, closeLabel, onClose } = props;
  return (
    <header className={`${block}__head`}>
      <h2 id={titleId} className={`${block}__title`}>
        {title}
      </h2>
      <button type="button" className={`${block}__close`} onClick={onClose} aria-label={closeLabel}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </header>
  );
}
