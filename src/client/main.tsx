// Browser entry. A server-rendered page (decision 194) paints from its HTML and CSS first; the app's code
// (boot.tsx: React, the router, the query client) is fetched and run after that first frame, so the phone shows
// the page before it spends its CPU on hydration. An empty page (account, cart, dashboard) starts at once.
import './styles/global.css';

const start = () => void import('./boot');
if (document.getElementById('root')?.hasChildNodes()) requestAnimationFrame(() => setTimeout(start, 0));
else start();
