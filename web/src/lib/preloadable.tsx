import { createElement, lazy, useState, type ComponentType } from 'react';

/** The props of a module's default component. */
type PropsOf<Module> = Module extends { default: ComponentType<infer Props> } ? Props & object : never;

/**
 * A component in a chunk of its own, like `React.lazy`, whose chunk can also be loaded ahead of its first render
 * (`load`): once loaded it renders at once, never suspending. React.lazy alone always suspends on its first render,
 * loaded or not — which renderToString cannot wait for: the gateway's renderer loads these before its first page
 * (early/entry-server.tsx warmUp), and the app loads a page's before replacing the server's markup with it.
 */
export function preloadable<Module extends { default: ComponentType<never> }>(loader: () => Promise<Module>) {
  type Props = PropsOf<Module>;
  let loaded: ComponentType<Props> | undefined;
  const load = () =>
    loader().then((module) => {
      loaded = module.default as unknown as ComponentType<Props>;
      return module;
    });
  const Lazy = lazy(() =>
    load().then((module) => ({ default: module.default as unknown as ComponentType<Props> })),
  );
  function Preloadable(props: Props) {
    // Chosen once per mount, so the component is never remounted when the chunk arrives while it is shown.
    const [Component] = useState(() => loaded ?? Lazy);
    return createElement(Component, props);
  }
  return { Component: Preloadable, load };
}
