// Injected by SiteCrawlEndToEndTests before </body> of a copy of each page: measures the
// laid-out page in the browser and leaves the result in <body data-probe="…">.
(function () {
  var out = { page: location.pathname.split('/').pop(), overflow: [], resources: [], links: [], ids: [], width: window.innerWidth };
  document.querySelectorAll('[id]').forEach(function (e) { out.ids.push(e.id); });
  performance.getEntriesByType('resource').forEach(function (e) { out.resources.push(e.name); });
  document.querySelectorAll('a').forEach(function (a) {
    out.links.push({ href: a.getAttribute('href') || '', text: (a.textContent || '').trim() });
  });
  function insideScroller(el, card) {
    for (var p = el.parentElement; p && p !== card; p = p.parentElement) {
      var x = getComputedStyle(p).overflowX;
      if (x === 'auto' || x === 'scroll') return true;
    }
    return false;
  }
  document.querySelectorAll('section, header, nav, footer').forEach(function (card) {
    var box = card.getBoundingClientRect();
    card.querySelectorAll('*').forEach(function (el) {
      var r = el.getBoundingClientRect();
      if (r.width === 0 || insideScroller(el, card)) return;
      if (r.right > box.right + 1 || r.left < box.left - 1) {
        out.overflow.push(el.tagName.toLowerCase() + ' ' + Math.round(r.right - box.right) + 'px past its card: ' + (el.textContent || '').trim().slice(0, 40));
      }
    });
  });
  var page = document.documentElement.scrollWidth;
  if (page > window.innerWidth + 1) out.overflow.push('the page is ' + page + 'px wide in a ' + window.innerWidth + 'px window');
  // Run in a frame of the width under test (a headless window is at least 500px wide):
  // the result goes to the page around it.
  if (window.parent !== window) window.parent.postMessage(JSON.stringify(out), '*');
  else document.body.setAttribute('data-probe', JSON.stringify(out));
})();
