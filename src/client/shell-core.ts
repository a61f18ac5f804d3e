// Every module the shell (first load) shares with the feature areas, imported once by each area's index. It changes
// no behaviour: with every area reaching the same set, esbuild puts that set in ONE first-load chunk instead of a
// dozen small ones (each compressed apart), which keeps the first load inside its budget.
import './lib/languages';
import './lib/session-store';
import './lib/store';
import './lib/site-settings';
import './lib/session-react';
import './lib/store-react';
import './lib/alerts';
import './lib/http';
import './lib/paging';
import './lib/retry';
import './components/services-react';
import './lib/http-errors';
import './lib/abort-scope';
import './lib/router';
import './lib/route-match';
import './lib/router-react';
import './lib/i18n-react';
import './lib/query-string';
import '../common/authorities';
import '../common/authority-match';
import 'react-dom';
