/**
 * The search form's code, one step removed: the home page's chunk then holds one import, not the list of the form's
 * chunks that Vite writes beside each dynamic import to preload them (about 200 bytes gzip of the home page's budget).
 */
export const loadStaySearchForm = () => import('./stay-search-form');
