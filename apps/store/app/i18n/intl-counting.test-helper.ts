type IntlConstructor = "DateTimeFormat" | "DisplayNames" | "NumberFormat";

/**
 * How many objects of one `Intl` constructor `work` builds: the constructor is replaced by a
 * counting subclass while `work` runs, then put back.
 */
export function countBuilt(name: IntlConstructor, work: () => void): number {
  const Real = Intl[name] as unknown as new (...args: never[]) => object;
  let built = 0;
  class Counting extends Real {
    constructor(...args: never[]) {
      super(...args);
      built++;
    }
  }
  Object.defineProperty(Intl, name, { value: Counting, configurable: true, writable: true });
  try {
    work();
  } finally {
    Object.defineProperty(Intl, name, { value: Real, configurable: true, writable: true });
  }
  return built;
}
