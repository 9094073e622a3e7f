/**
 * The attribute the page's root (`#root`) gets once React has committed the page: the inline
 * loader (`build/scriptsAfterFirstFrame.ts`) holds a click or Enter made before then and gives it
 * again only when it is there, so a form's submission reaches its step instead of a form React
 * has not hydrated yet.
 */
export const HYDRATED_ATTRIBUTE = 'data-hydrated'
