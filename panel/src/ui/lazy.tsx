import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { Loading } from './states';

type Loader<P> = () => Promise<{ default: ComponentType<P> }>;

const loaded = new Map<Loader<never>, ComponentType<never>>();

/** A screen whose code is fetched the first time it is opened (keeps the first screen small). */
export function Lazy<P>({ load, props }: { load: Loader<P>; props: P }) {
  const [Comp, setComp] = useState<ComponentType<P> | null>(() => (loaded.get(load as Loader<never>) as ComponentType<P> | undefined) ?? null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const known = loaded.get(load as Loader<never>) as ComponentType<P> | undefined;
    if (known) return void setComp(() => known);
    let live = true;
    setComp(null);
    load().then(
      (m) => {
        loaded.set(load as Loader<never>, m.default as ComponentType<never>);
        if (live) setComp(() => m.default);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [load]);
  if (failed) return <p class="state">No se pudo cargar esta pantalla. Recargue la página.</p>;
  if (!Comp) return <Loading />;
  return <Comp {...(props as P & object)} />;
}
