/**
 * The simulator's stylesheet and its one script, served from routes ('self') so the pages pass the
 * app's CSP, which allows no inline script (plugins/security-headers.ts).
 */

export const SIMULATOR_STYLESHEET_PATH = '/payu-sim/simulator.css';
export const SIMULATOR_SCRIPT_PATH = '/payu-sim/auto-submit.js';

export const simulatorStylesheet = `
*, *::before, *::after { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  background: #f2f4f7; color: #1d2433; }
main { max-width: 28rem; margin: 0 auto; padding: 1.25rem 1rem 2rem; }
.card { background: #fff; border-radius: 12px; padding: 1.25rem; box-shadow: 0 1px 4px rgb(0 0 0 / 12%); }
.badge { display: inline-block; margin: 0 0 .75rem; padding: .15rem .6rem; border-radius: 999px;
  background: #fff4ce; color: #6b4e00; font-size: .8rem; font-weight: 600; }
h1 { font-size: 1.4rem; margin: 0 0 .25rem; }
.amount { font-size: 2rem; font-weight: 700; margin: .25rem 0; }
.muted { color: #5b6475; font-size: .9rem; margin: .25rem 0; }
.note { background: #e8f1ff; border-radius: 8px; padding: .6rem .75rem; font-size: .9rem; }
form { margin-top: 1rem; }
label { display: block; font-weight: 600; font-size: .9rem; margin: .75rem 0 .25rem; }
input { width: 100%; padding: .7rem .75rem; font-size: 1rem; border: 1px solid #b8c0cc; border-radius: 8px; }
input:focus-visible, button:focus-visible { outline: 3px solid #2f6fde; outline-offset: 2px; }
.row { display: flex; gap: .75rem; }
.row > div { flex: 1; }
button { display: block; width: 100%; margin-top: .75rem; padding: .8rem; font-size: 1rem;
  font-weight: 600; border-radius: 8px; border: 1px solid #2f6fde; background: #fff; color: #2f6fde; cursor: pointer; }
button.primary { background: #2f6fde; color: #fff; margin-top: 1.25rem; }
.error { color: #a4161a; }
`;

/** Posts the result form on load, as PayU's return page does; its visible button covers no-JS. */
export const simulatorScript = `(function () {
  var form = document.querySelector('form[data-auto-submit]');
  if (form) HTMLFormElement.prototype.submit.call(form);
})();
`;
