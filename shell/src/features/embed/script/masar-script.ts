// masar.js: the script embed (issue 18). A bundle of its own (React, antd, store, i18next) that joins
// no Module Federation scope of the host page; it only defines Masar's custom elements.
import { defineMasarElements } from './masar-elements';

defineMasarElements(document.currentScript instanceof HTMLScriptElement ? document.currentScript.src : null);
