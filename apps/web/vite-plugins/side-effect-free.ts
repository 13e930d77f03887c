import type { Plugin } from 'vite';

/**
 * Ionic's packages (and the Stencil runtime and ionicons they pull in) declare no `sideEffects` in
 * their package.json, so the bundler must assume every module of theirs does something on import and
 * keeps all ~90 components in the entry chunk. Their JS does nothing on import that the app relies on
 * when the module's exports go unused: custom elements are defined when a React wrapper first renders
 * (`defineCustomElement`). Marking those modules side-effect-free lets the bundler drop every
 * component the app never uses (initial JS 372 KB -> 243 KB gzipped on its own).
 *
 * Our contract package is in the same position (no `sideEffects` field), and its modules only declare
 * constants and zod schemas: without this, importing `labels` would drag zod and every schema into the
 * entry chunk.
 *
 * CSS is excluded on purpose: `import '@ionic/react/css/core.css'` exists only for its side effect.
 * Checked in a real browser (menu, modal, alert, toasts) after the change.
 */
export const SIDE_EFFECT_FREE_MODULES: readonly RegExp[] = [
  /[\\/]node_modules[\\/](?:@ionic[\\/](?:core|react|react-router)|@stencil[\\/][^\\/]+|ionicons)[\\/].+\.[cm]?js$/,
  /[\\/]packages[\\/]contract[\\/]src[\\/].+\.ts$/,
];

export function sideEffectFree(patterns: readonly RegExp[] = SIDE_EFFECT_FREE_MODULES): Plugin {
  return {
    name: 'localmart:side-effect-free',
    apply: 'build',
    transform: {
      // A hook filter keeps the check on the native side: no JS call for any other module.
      filter: { id: { include: [...patterns] } },
      handler() {
        return { moduleSideEffects: false };
      },
    },
  };
}

/**
 * Calls the bundler may drop when their result goes unused. @ionic/react marks its component
 * factories `/*@__PURE__*\/` except a few (ion-nav's wrapper, IonTabBar's `React.memo`, some
 * `createForwardRef`s), which kept ion-nav, ion-tabs, ion-tab-bar and ion-tab-button in the entry of an
 * app that has no tabs and no nav.
 */
export const IONIC_PURE_FACTORIES = [
  'createReactComponent',
  'createForwardRef',
  'React.memo',
] as const;
