/**
 * Where the light guest pages' links go (components/guest/link.tsx). They do not import the
 * router: the login page runs before it is loaded, as an island (app/login-island.tsx,
 * docs/decisions/0033). Whoever makes a router hands it over here (routeLinksThrough: the app,
 * app/app.tsx; the tests' renderers); until then a link opens its page as a plain link would.
 */
let navigator: (to: string) => void = (to) => window.location.assign(to);

export function setNavigator(next: (to: string) => void): void {
  navigator = next;
}

export function navigateTo(to: string): void {
  navigator(to);
}

/** The guest pages' links go through this router from now on. */
export function routeLinksThrough(router: { navigate(to: string): unknown }): void {
  setNavigator((to) => void router.navigate(to));
}
