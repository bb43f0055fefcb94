// Dashboard sidebar: links to every list and add screen, grouped by area; collapses to a drawer on tablets.
import { Link, type LinkProps } from '@tanstack/react-router';
import { messages } from '#shared/messages';
import { staffMessages } from '#shared/messages-staff';
import { ROLE_ADMIN } from '#shared/roles';
import { useSession } from '#client/lib/session';

const m = staffMessages.dashboard;

/** A dashboard screen that takes no parameters (typed against the route tree: a missing screen fails to compile). */
type DashboardPath = Extract<NonNullable<LinkProps['to']>, `/dashboard${string}`> & `${string}`;

interface NavLink {
  to: Exclude<DashboardPath, `${string}$${string}`>;
  label: string;
  exact?: boolean;
}
interface NavGroup {
  title: string;
  links: NavLink[];
  adminOnly?: boolean;
}

export const DASHBOARD_NAV: NavGroup[] = [
  {
    title: m.overview,
    links: [
      { to: '/dashboard', label: m.overview, exact: true },
      // Reports with charts (issue 27, decision 230): beside the overview they deepen.
      { to: '/dashboard/reports', label: staffMessages.reports.title },
    ],
  },
  // Orders are the daily work: right under the overview, in the first screen of a 1366×900 laptop (issue 25).
  {
    title: m.orders,
    links: [
      { to: '/dashboard/orders', label: m.orders, exact: true },
      { to: '/dashboard/orders/pending', label: m.pendingOrders },
      { to: '/dashboard/add-orders', label: m.addOrder },
      { to: '/dashboard/couriers', label: staffMessages.orderStages.couriers },
      { to: '/dashboard/returns', label: staffMessages.returns.title },
      { to: '/dashboard/reviews', label: staffMessages.reviews.title },
    ],
  },
  {
    title: m.products,
    links: [
      { to: '/dashboard/products', label: m.products },
      { to: '/dashboard/add-products', label: m.addProduct },
      { to: '/dashboard/stock-count', label: staffMessages.stock.navCount },
      { to: '/dashboard/back-in-stock', label: staffMessages.backInStock.nav },
    ],
  },
  {
    title: m.categories,
    links: [
      { to: '/dashboard/categories', label: m.categories },
      { to: '/dashboard/add-categories', label: m.addCategory },
    ],
  },
  {
    title: m.colors,
    links: [
      { to: '/dashboard/colors', label: m.colors },
      { to: '/dashboard/add-colors', label: m.addColors },
    ],
  },
  {
    title: m.sizes,
    links: [
      { to: '/dashboard/sizes', label: m.sizes },
      { to: '/dashboard/add-sizes', label: m.addSize },
      { to: '/dashboard/size-guides', label: staffMessages.sizeGuides.title },
      { to: '/dashboard/looks', label: staffMessages.looks.title },
    ],
  },
  {
    title: m.events,
    links: [
      { to: '/dashboard/events', label: m.events },
      { to: '/dashboard/add-events', label: m.addEvent },
    ],
  },
  {
    title: m.countries,
    links: [
      { to: '/dashboard/country', label: m.countries },
      { to: '/dashboard/add-country', label: m.addCountry },
    ],
  },
  {
    title: m.discounts,
    links: [
      { to: '/dashboard/discount', label: m.discounts, exact: true },
      { to: '/dashboard/discount/promo', label: m.promoCodes },
      { to: '/dashboard/add-discount', label: m.addDiscount, exact: true },
      { to: '/dashboard/add-discount/promo', label: m.addPromo },
    ],
  },
  // Managing users is the administrator's (decision 032); staff would only meet 403s there.
  {
    title: m.customers,
    adminOnly: true,
    links: [
      { to: '/dashboard/customers', label: m.customers },
      { to: '/dashboard/add-customer', label: m.addCustomer },
      // Gift cards create money: administrators' (decision 274).
      { to: '/dashboard/gift-cards', label: staffMessages.giftCards.title },
    ],
  },
  {
    title: m.messages,
    links: [
      { to: '/dashboard/contactus', label: m.messages },
      { to: '/dashboard/emails', label: staffMessages.outbox.title },
    ],
  },
  // Staff security (decision 225): the two-step sign-in requirement; the administrator's.
  {
    title: staffMessages.secondFactor.navSecurity,
    adminOnly: true,
    links: [{ to: '/dashboard/security', label: staffMessages.secondFactor.navSecurity }],
  },
  // The audit trail is the administrator's (decision 228).
  {
    title: staffMessages.audit.nav,
    adminOnly: true,
    links: [{ to: '/dashboard/audit', label: staffMessages.audit.title }],
  },
];

export function DashboardSidebar({ open, onNavigate }: { open: boolean; onNavigate: () => void }) {
  const isAdmin = useSession()?.roleID === ROLE_ADMIN;
  return (
    <nav className={`dash-sidebar${open ? ' is-open' : ''}`} aria-label={m.title}>
      <Link to="/dashboard" className="dash-brand" onClick={onNavigate}>
        {messages.common.shopName} <span>{m.title}</span>
      </Link>
      {DASHBOARD_NAV.filter((group) => isAdmin || !group.adminOnly).map((group) => (
        <div className="dash-nav-group" key={group.title}>
          {group.links.length > 1 && <p className="dash-nav-title">{group.title}</p>}
          <ul>
            {group.links.map((l) => (
              <li key={l.to}>
                <Link
                  to={l.to}
                  className="dash-nav-link"
                  activeOptions={{ exact: l.exact ?? false }}
                  activeProps={{ className: 'dash-nav-link is-active', 'aria-current': 'page' }}
                  onClick={onNavigate}
                >
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
      <a href="/" className="dash-nav-link dash-nav-back">
        {m.backToShop}
      </a>
    </nav>
  );
}
