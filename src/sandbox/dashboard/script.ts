/**
 * The dashboard's only script, inline and optional: the pages work without it. It keeps the
 * page live (polls the state's version once a second and, when it moved, swaps in the page's
 * `data-live` regions, keeping focus and open details), shows times in the browser's own time
 * zone, and adds "Copy" buttons. Constant text: nothing is interpolated into it.
 */
export const SCRIPT = `
(() => {
  const pad = (n) => String(n).padStart(2, '0');
  const local = (d) => d.getFullYear() + '-' + pad(d.getMonth() + 1) + '-' + pad(d.getDate()) + ' ' +
    pad(d.getHours()) + ':' + pad(d.getMinutes()) + ':' + pad(d.getSeconds());
  const localTimes = (root) => {
    for (const el of root.querySelectorAll('time[datetime]')) {
      const d = new Date(el.getAttribute('datetime'));
      if (!Number.isNaN(d.getTime())) el.textContent = local(d);
    }
  };
  const copyButtons = (root) => {
    for (const button of root.querySelectorAll('button[data-copy]')) button.hidden = false;
  };
  document.addEventListener('click', async (event) => {
    const button = event.target.closest && event.target.closest('button[data-copy]');
    if (!button) return;
    const source = document.getElementById(button.dataset.copy);
    const status = document.getElementById(button.dataset.copy + '-status');
    try {
      await navigator.clipboard.writeText(source.value || source.textContent);
      if (status) status.textContent = 'Copied';
    } catch {
      source.select && source.select();
      if (status) status.textContent = 'Selected: press Ctrl+C to copy';
    }
  });
  let version = document.body.dataset.version;
  const refresh = async () => {
    const answer = await fetch(location.href, { cache: 'no-store' });
    if (!answer.ok) return;
    const next = new DOMParser().parseFromString(await answer.text(), 'text/html');
    const focused = document.activeElement && document.activeElement.id;
    for (const region of document.querySelectorAll('[data-live]')) {
      const fresh = next.querySelector('[data-live="' + region.dataset.live + '"]');
      if (!fresh || fresh.innerHTML === region.innerHTML) continue;
      const open = [...region.querySelectorAll('details[open][id]')].map((d) => d.id);
      region.replaceWith(fresh);
      for (const id of open) document.getElementById(id)?.setAttribute('open', '');
      localTimes(fresh);
      copyButtons(fresh);
    }
    if (focused) document.getElementById(focused)?.focus();
  };
  const poll = async () => {
    try {
      if (!document.hidden) {
        const answer = await fetch('/dashboard/version', { cache: 'no-store' });
        const now = answer.ok ? await answer.text() : version;
        if (now !== version) {
          version = now;
          await refresh();
        }
      }
    } catch {}
    setTimeout(poll, 1000);
  };
  localTimes(document);
  copyButtons(document);
  const live = document.getElementById('live');
  if (live) live.hidden = false;
  setTimeout(poll, 1000);
})();
`;
