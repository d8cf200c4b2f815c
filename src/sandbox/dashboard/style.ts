/** The dashboard's stylesheet, inline: no file to fetch, no build step. Colours meet WCAG AA. */
export const STYLE = `
:root { color-scheme: light; --ink: #1a1a1a; --muted: #4b5563; --line: #d1d5db; --accent: #1d4ed8; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: #f8fafc; }
a { color: #0b4fb3; }
:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
.skip { position: absolute; left: -999px; top: 0; background: #fff; padding: .5rem 1rem; }
.skip:focus { left: 1rem; z-index: 10; }
header { background: #12355b; color: #fff; padding: .75rem 1.5rem; display: flex; flex-wrap: wrap; gap: 1rem 2rem; align-items: center; }
header .brand { font-weight: 700; font-size: 1.1rem; }
header nav ul { list-style: none; display: flex; flex-wrap: wrap; gap: .25rem; margin: 0; padding: 0; }
header nav a { color: #fff; text-decoration: none; padding: .35rem .7rem; border-radius: 4px; display: inline-block; }
header nav a:hover { background: #1e4a7a; }
header nav a[aria-current="page"] { background: #fff; color: #12355b; font-weight: 600; }
header :focus-visible { outline-color: #fde68a; }
main { max-width: 72rem; margin: 0 auto; padding: 1.25rem 1.5rem 3rem; }
h1 { font-size: 1.5rem; margin: .5rem 0 1rem; }
h2 { font-size: 1.15rem; margin: 1.75rem 0 .6rem; }
.muted { color: var(--muted); }
h3 .muted, h4 .muted { font-weight: normal; }
.cards { display: flex; flex-wrap: wrap; gap: 1rem; margin: 0; }
.card { background: #fff; border: 1px solid var(--line); border-radius: 8px; padding: .8rem 1.1rem; min-width: 14rem; }
.card dt { color: var(--muted); font-size: .85rem; }
.card dd { margin: 0; font-size: 1.4rem; font-weight: 600; font-variant-numeric: tabular-nums; }
table { border-collapse: collapse; width: 100%; background: #fff; border: 1px solid var(--line); }
caption { text-align: left; font-weight: 600; padding: .4rem 0; }
th, td { text-align: left; padding: .45rem .6rem; border-bottom: 1px solid var(--line); vertical-align: top; }
th { background: #eef2f7; font-weight: 600; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
.badge { display: inline-block; padding: .05rem .5rem; border-radius: 999px; font-size: .8rem; font-weight: 600; letter-spacing: .02em; }
.s-PENDING { background: #fef3c7; color: #7c2d12; }
.s-PROCESSING { background: #dbeafe; color: #1e3a8a; }
.s-COMPLETED { background: #d1fae5; color: #064e3b; }
.s-FAILED { background: #fee2e2; color: #7f1d1d; }
.s-REVERSED { background: #ede9fe; color: #4c1d95; }
.s-CANCELLED { background: #e5e7eb; color: #1f2937; }
.s-CHARGEBACK { background: #fce7f3; color: #831843; }
.s-ok { background: #d1fae5; color: #064e3b; }
.s-bad { background: #fee2e2; color: #7f1d1d; }
form.filters { display: flex; flex-wrap: wrap; gap: .75rem 1rem; align-items: flex-end; background: #fff; border: 1px solid var(--line); border-radius: 8px; padding: .75rem 1rem; margin-bottom: 1rem; }
label { display: flex; flex-direction: column; font-size: .85rem; font-weight: 600; gap: .2rem; }
label.check { flex-direction: row; align-items: center; gap: .4rem; }
::placeholder { color: #6b7280; opacity: 1; }
input, select, textarea { font: inherit; padding: .35rem .5rem; border: 1px solid #6b7280; border-radius: 4px; background: #fff; color: var(--ink); }
textarea { width: 100%; font-family: ui-monospace, monospace; font-size: .85rem; }
button { font: inherit; font-weight: 600; cursor: pointer; border: 1px solid var(--accent); background: var(--accent); color: #fff; border-radius: 4px; padding: .4rem .9rem; }
button:hover { background: #1e40af; }
button.secondary { background: #fff; color: var(--accent); }
button.danger { background: #b91c1c; border-color: #b91c1c; }
.actions { display: flex; flex-wrap: wrap; gap: .5rem; margin: .5rem 0; }
.actions form { margin: 0; }
.notice { border-radius: 6px; padding: .6rem 1rem; margin: 0 0 1rem; border: 1px solid; }
.notice.ok { background: #ecfdf5; border-color: #059669; color: #064e3b; }
.notice.error { background: #fef2f2; border-color: #dc2626; color: #7f1d1d; }
.pager { display: flex; gap: 1rem; align-items: center; margin: .75rem 0; }
.grid { display: grid; grid-template-columns: minmax(0, 1fr) auto; gap: 1.5rem; align-items: start; }
dl.fields { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: .3rem 1rem; background: #fff; border: 1px solid var(--line); border-radius: 8px; padding: .8rem 1rem; margin: 0; }
dl.fields dt { color: var(--muted); }
dl.fields dd { margin: 0; overflow-wrap: anywhere; }
figure.qr { margin: 0; background: #fff; border: 1px solid var(--line); border-radius: 8px; padding: .75rem; text-align: center; }
figure.qr img { width: 220px; height: 220px; display: block; }
pre { background: #0f172a; color: #e2e8f0; padding: .75rem; border-radius: 6px; overflow-x: auto; font-size: .82rem; white-space: pre-wrap; overflow-wrap: anywhere; }
code { font-family: ui-monospace, monospace; overflow-wrap: anywhere; }
details.delivery { background: #fff; border: 1px solid var(--line); border-radius: 8px; margin: .5rem 0; padding: .4rem .9rem; }
details.delivery summary { cursor: pointer; padding: .25rem 0; }
@media (max-width: 48rem) { .grid { grid-template-columns: 1fr; } }
`;
