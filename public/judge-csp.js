// Runs before the app (index.html): narrows the page's connect-src to itself, model servers on
// loopback and the one remote origin configured as the LLM judge endpoint (docs/judge.md). A
// <meta> policy cannot change after load, so a new remote origin takes effect on reload.
(function () {
  var allow = "'self' http://127.0.0.1:* http://localhost:*";
  try {
    var s = JSON.parse(localStorage.getItem('loopscope.judge.endpoint') || 'null');
    var origin = s && typeof s.baseUrl === 'string' ? new URL(s.baseUrl.trim()).origin : '';
    // Only a plain https origin: nothing else can be smuggled into the policy.
    if (/^https:\/\/[a-z0-9.-]+(:[0-9]{1,5})?$/i.test(origin)) allow += ' ' + origin.toLowerCase();
  } catch {
    // no settings, or not a URL: loopback only
  }
  var meta = document.createElement('meta');
  meta.id = 'judge-csp';
  meta.httpEquiv = 'Content-Security-Policy';
  meta.content = 'connect-src ' + allow;
  document.head.appendChild(meta);
})();
