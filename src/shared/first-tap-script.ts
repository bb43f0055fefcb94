// The first tap is never lost (decision 213): a server-rendered page paints long before its app has hydrated, and
// a tap in between used to do nothing. This tiny script is inlined first in the page's head (vite.config.ts) and
// allowed by its hash in the Content-Security-Policy (http/security.ts). Until the app marks the page live
// (`data-hydrated` on <html>, set once the queue is replayed: first-tap-replay.ts), it takes taps on the app's
// controls (buttons, checkboxes and radios with their labels, selects, forms the app submits), stops their default,
// marks the control `data-tap-pending` (the stylesheet shows that it is waiting) and queues them on
// `window.__butikuTaps`. A text field's committed value (its change event: left, or Enter) is queued too, since the
// app applies some fields as they change (a price filter). first-tap-replay.ts replays the queue once the app has
// hydrated, taps made meanwhile included, in the order they were made. Links and `<form method="get" action>` are
// left alone: they work without the app.
// Plain ES5 in a string, so the bytes hashed here are the bytes sent.

/** The global the queue lives on until the app replays it. */
export const FIRST_TAP_QUEUE = '__butikuTaps';
/** Set while the app replays a tap, so the replayed event is not queued again. */
export const FIRST_TAP_REPLAYING = '__butikuReplaying';

export const FIRST_TAP_SCRIPT = /* @__PURE__ */ [
  '(function(d,w){',
  'var q=w.' + FIRST_TAP_QUEUE + '=[],h=d.documentElement;',
  'function path(el){var p=[];while(el&&el.id!=="root"&&el.parentElement){',
  'p.unshift([].indexOf.call(el.parentElement.children,el));el=el.parentElement}return p}',
  'function on(e){if(h.hasAttribute("data-hydrated")||w.' +
    FIRST_TAP_REPLAYING +
    '||!e.target||!e.target.closest)return;',
  'var t=e.target,el,f;if(!t.closest("#root"))return;',
  'if(e.type==="submit"){f=t;if(f.getAttribute("method")==="get"&&f.hasAttribute("action"))return;',
  'e.preventDefault();q.push({k:"submit",el:f,p:path(f)});mark(f);return}',
  'if(e.type==="change"&&t.tagName==="INPUT"&&!/^(checkbox|radio|submit|button|reset|image|hidden|file)$/.test(t.type)){',
  'q.push({k:"change",el:t,p:path(t),v:t.value});mark(t);return}',
  'el=t.closest("button,[role=button],label,input[type=checkbox],input[type=radio],input[type=submit],select");',
  'if(!el||el.disabled)return;',
  'if(e.type==="change"){if(el.tagName==="SELECT"){q.push({k:"change",el:el,p:path(el),v:el.value});mark(el)}return}',
  'if(el.tagName==="SELECT")return;',
  'e.preventDefault();e.stopPropagation();q.push({k:"click",el:el,p:path(el),s:el.getAttribute("aria-pressed")});mark(el)}',
  'function mark(el){el.setAttribute("data-tap-pending","");el.setAttribute("aria-busy","true");',
  'h.setAttribute("data-taps-waiting","")}',
  'd.addEventListener("click",on,true);d.addEventListener("change",on,true);d.addEventListener("submit",on,true)',
  '})(document,window)',
].join('');
