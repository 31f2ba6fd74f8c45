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
  // Contrast of every piece of text against the background behind it (WCAG 2: at least 4.5:1).
  out.contrast = [];
  function rgb(text) {
    var m = /rgba?\(([^)]+)\)/.exec(text || '');
    if (!m) return null;
    var p = m[1].split(',').map(parseFloat);
    return { r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1 };
  }
  function luminance(c) {
    var v = [c.r, c.g, c.b].map(function (x) { x /= 255; return x <= 0.03928 ? x / 12.92 : Math.pow((x + 0.055) / 1.055, 2.4); });
    return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2];
  }
  function background(el) {
    for (var e = el; e; e = e.parentElement) {
      var c = rgb(getComputedStyle(e).backgroundColor);
      if (c && c.a > 0) return c;
    }
    return { r: 255, g: 255, b: 255, a: 1 };
  }
  document.querySelectorAll('body *').forEach(function (el) {
    var own = Array.prototype.some.call(el.childNodes, function (n) { return n.nodeType === 3 && n.textContent.trim() !== ''; });
    if (!own || el.tagName === 'SCRIPT' || el.tagName === 'STYLE' || el.tagName === 'title' || el.closest('title')) return;
    var r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return;
    var style = getComputedStyle(el);
    var fg = rgb(el instanceof SVGElement ? style.fill : style.color);
    if (!fg) return;
    var a = luminance(fg), b = luminance(background(el));
    var ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    if (ratio < 4.5) out.contrast.push(el.tagName.toLowerCase() + ' ' + ratio.toFixed(2) + ':1 ' + el.textContent.trim().slice(0, 30));
  });
  var page = document.documentElement.scrollWidth;
  if (page > window.innerWidth + 1) out.overflow.push('the page is ' + page + 'px wide in a ' + window.innerWidth + 'px window');
  // Run in a frame of the width under test (a headless window is at least 500px wide):
  // the result goes to the page around it.
  if (window.parent !== window) window.parent.postMessage(JSON.stringify(out), '*');
  else document.body.setAttribute('data-probe', JSON.stringify(out));
})();
