import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { loadScreenTexts } from './i18n';

/**
 * React.lazy for a component that needs screen texts its route does not load (a dialog opened
 * from a list): the module and the texts (locales/<lang>/screens/<name>.json) download together
 * when it is first shown, so the list's route carries neither (DESIGN §5).
 */
export function lazyWithTexts<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  texts: readonly string[],
): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => {
    const [module] = await Promise.all([load(), loadScreenTexts(texts)]);
    return module;
  });
}
