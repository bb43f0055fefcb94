// Browser entry. A server-rendered page (decision 194) paints from its HTML and CSS first; the app's code is
// fetched after that first frame and evaluated in stages, one task each with a yield to the browser between them
// (decision 214): React DOM, then the router and the routes' modules, then the app (boot.tsx). A whole module graph
// imported at once is evaluated in one task (~0.75 s under a phone's 4x slower CPU), which blocks a tap for as
// long. An empty page (account, cart, dashboard) starts at once.
import './styles/global.css';
import { yieldToMain } from './lib/yield';

async function start(rendered: boolean) {
  if (rendered) {
    await import('react-dom/client');
    await yieldToMain();
    await import('./router'); // the router, the route tree and the shell's modules (React Query with them)
    await yieldToMain();
  }
  await import('./boot');
}

if (document.getElementById('root')?.hasChildNodes())
  requestAnimationFrame(() => setTimeout(() => void start(true), 0));
else void start(false);
