import antdStylesheet from 'antd/dist/antd.css?url';

/**
 * antd's styles as one static stylesheet (antd-providers.tsx runs antd with `zeroRuntime`): no
 * style is computed in the browser while the first screen renders, which was most of the
 * signed-in pages' blocking time (Lighthouse TBT). It goes first in <head>, before the app's own
 * styles, where antd's runtime styles went, so the app's rules still win a tie. Its own small
 * module, loaded by antd-boundary.tsx beside antd's providers: the entry the light guest pages
 * share does not even name it. Component tests run without it (jsdom loads no stylesheet).
 */
export function loadAntdStyles(): Promise<void> {
  if (import.meta.env.MODE === 'test' || document.querySelector('link[data-antd-styles]')) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = antdStylesheet;
    link.dataset.antdStyles = '';
    link.onload = () => resolve();
    link.onerror = () => {
      link.remove();
      reject(new Error('antd styles could not be loaded'));
    };
    document.head.prepend(link);
  });
}
