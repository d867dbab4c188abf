// The logpoint expression checker (core/logpoints/expression.ts), loaded on first need: it carries
// a JavaScript parser the page has no other use for, so nobody pays for it until a logpoint exists.
import { useEffect, useState } from 'react';
import type { CheckExpression } from '../core/logpoints/send';

let loaded: CheckExpression | undefined;
let loading: Promise<CheckExpression> | undefined;

export function loadExpressionCheck(): Promise<CheckExpression> {
  loading ??= import('../core/logpoints/expression').then(
    (m) => (loaded = m.checkExpression),
    (error: unknown) => {
      loading = undefined; // a later call tries again
      throw error;
    }
  );
  return loading;
}

/** The checker once it is here (undefined until then), loaded when `wanted`. */
export function useExpressionCheck(wanted = true): CheckExpression | undefined {
  const [check, setCheck] = useState(() => loaded);
  useEffect(() => {
    if (!wanted || check) return;
    let live = true;
    loadExpressionCheck().then(
      (c) => live && setCheck(() => c),
      () => undefined // the chunk did not load: logpoints say "checking…" and nothing is sent
    );
    return () => {
      live = false;
    };
  }, [wanted, check]);
  return check;
}
