// Dashboard screen title with optional actions on the right (e.g. an "add" button).
import type { ReactNode } from 'react';

/** Screen title with optional actions on the right (e.g. an "add" button). */
export function PageHeader({ title, actions }: { title: string; actions?: ReactNode }) {
  return (
    <div className="dash-page-header">
      <h1>{title}</h1>
      {actions && <div className="dash-page-actions">{actions}</div>}
    </div>
  );
}
