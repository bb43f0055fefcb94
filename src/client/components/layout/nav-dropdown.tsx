// A top-level menu link with a category dropdown: opens on hover, on focus within, or with its toggle button.
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useRouterState } from '@tanstack/react-router';
import type { CategoryDto } from '#shared/dto/catalog';
import { fill, messages } from '#shared/messages';
import { ChevronDownIcon } from './icons';

interface NavDropdownProps {
  label: string;
  base: '/products' | '/glow-outlet';
  categories: CategoryDto[];
}

export function NavDropdown({ label, base, categories }: NavDropdownProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLLIElement>(null);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const active = pathname === base || pathname.startsWith(`${base}/`);

  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const onDoc = (e: MouseEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDoc);
    return () => document.removeEventListener('mousedown', onDoc);
  }, [open]);

  return (
    <li
      ref={rootRef}
      className={`nav-dropdown${open ? ' nav-dropdown--open' : ''}`}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          setOpen(false);
          rootRef.current?.querySelector<HTMLButtonElement>('.nav-dropdown__toggle')?.focus();
        }
      }}
      onMouseLeave={() => setOpen(false)}
    >
      <Link
        to={base}
        className={active ? 'nav-link nav-link--active' : 'nav-link'}
        aria-current={active ? 'page' : undefined}
      >
        {label}
      </Link>
      <button
        type="button"
        className="nav-dropdown__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={fill(messages.nav.categoriesOf, { name: label })}
        onClick={() => setOpen((o) => !o)}
      >
        <ChevronDownIcon />
      </button>
      <div className="nav-dropdown__panel" id={panelId}>
        <ul className="nav-dropdown__list">
          <li>
            <Link to={base} className="nav-dropdown__link nav-dropdown__link--all">
              {messages.nav.allProducts}
            </Link>
          </li>
          {categories.map((c) => (
            <li key={c.categoryID}>
              <Link to={`${base}/$categoryID`} params={{ categoryID: c.categoryID }} className="nav-dropdown__link">
                {c.categoryName}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </li>
  );
}
