/**
 * The part of i18next the pages use, for the browser bundle and the static render
 * (docs/decisions/0011). gatsby-plugin-react-i18next creates an instance per page with
 * the page's translations (one language, its namespaces) and renders through
 * react-i18next; webpack resolves `i18next` and `react-i18next` to these modules
 * (gatsby-node.ts), which saves about 20 KB gzip of JavaScript on every page.
 *
 * Supported, as in i18next 22 with the options of gatsby-config.ts: nested keys with
 * "." (and flat keys containing dots), no namespace separator, namespaces with
 * fallbackNS, fallbackLng, plurals by Intl.PluralRules (key_one, key_other, key_zero
 * for count 0), {{name}} interpolation without escaping (a variable that is not passed
 * stays as it is), the key itself when a translation is missing.
 * Not supported (and not used): nesting $t(), formatting {{x, format}}, context,
 * returnObjects, backends and language detection. site/src/i18n/i18n.test.ts checks
 * every translation of every language against i18next itself.
 *
 * The texts of a shop language are not in each page's data (docs/decisions/0052): the
 * shop data file of the language registers them once (`registerTexts`, from
 * site/src/lib/shop-data.ts), and an instance initialised without resources (the page
 * queries no `locales`) reads the registered texts of its language, in the namespace
 * order gatsby-plugin-react-i18next would have given it from the same locale nodes.
 */
type Resources = Record<string, Record<string, unknown>>;

/** A language's texts as the shop data file carries them: namespaces in the locale nodes' order, each namespace's translations. */
export interface RegisteredTexts {
  namespaces: string[];
  resources: Resources;
}

const registered = new Map<string, RegisteredTexts>();

/** Makes a language's texts available to every instance that was given no resources (the latest registration wins). */
export function registerTexts(language: string, texts: RegisteredTexts): void {
  registered.set(language, texts);
}

/** The registered texts of a language, if any. */
export function registeredTexts(language: string): RegisteredTexts | undefined {
  return registered.get(language);
}

/** As gatsby-plugin-react-i18next orders namespaces: the first one other than "translation" is the default, the others its fallbacks. */
export function namespaceOrder(namespaces: readonly string[]): { defaultNS: string; fallbackNS: string[] } {
  const defaultNS = namespaces.find((ns) => ns !== "translation") ?? "translation";
  return { defaultNS, fallbackNS: namespaces.filter((ns) => ns !== defaultNS) };
}

export interface TOptions {
  count?: number;
  ns?: string | string[];
  lng?: string;
  defaultValue?: string;
  [variable: string]: unknown;
}

export interface InitOptions {
  resources?: Record<string, Resources>;
  lng?: string;
  fallbackLng?: string | string[] | false;
  defaultNS?: string | string[];
  fallbackNS?: string | string[] | false;
  keySeparator?: string | false;
  nsSeparator?: string | false;
  react?: Record<string, unknown>;
  [option: string]: unknown;
}

export type TFunction = (key: string, options?: TOptions | string) => string;

/** The namespace order of registered texts, and the texts found per namespace object and key (see lookup). */
const orders = new WeakMap<RegisteredTexts, { defaultNS: string; fallbackNS: string[] }>();
const lookups = new WeakMap<object, Map<string | false, Map<string, string | undefined>>>();

const list = (value: string | string[] | false | undefined): string[] => (value === undefined || value === false ? [] : Array.isArray(value) ? value : [value]);
const pluralRules = new Map<string, Intl.PluralRules | null>();

function pluralSuffix(language: string, count: number): string {
  if (!pluralRules.has(language)) {
    let rules: Intl.PluralRules | null = null;
    try {
      rules = new Intl.PluralRules(language.split("-")[0]);
    } catch {
      rules = null;
    }
    pluralRules.set(language, rules);
  }
  return `_${pluralRules.get(language)?.select(count) ?? (count === 1 ? "one" : "other")}`;
}

/** A key's text in one namespace's translations: nested by the separator first, then as a flat key. */
function find(data: Record<string, unknown>, key: string, separator: string | false): string | undefined {
  let value: unknown = data;
  if (separator) {
    for (const part of key.split(separator)) {
      value = value !== null && typeof value === "object" ? (value as Record<string, unknown>)[part] : undefined;
      if (value === undefined) break;
    }
  } else value = undefined;
  if (value === undefined) value = data[key];
  return typeof value === "string" ? value : undefined;
}

export class I18n {
  language = "";
  languages: string[] = [];
  isInitialized = false;
  options: InitOptions = {};
  private resources: Record<string, Resources> = {};
  /** Given no resources: the registered texts of the language are read at each lookup (registerTexts). */
  private shared = false;

  init(options: InitOptions = {}, callback?: (error: unknown, t: TFunction) => void): this {
    this.options = { keySeparator: ".", ...options };
    this.resources = options.resources ?? {};
    this.shared = Object.keys(this.resources).length === 0;
    this.isInitialized = true;
    this.changeLanguage(options.lng ?? "");
    callback?.(null, this.t);
    return this;
  }

  changeLanguage(language: string): Promise<TFunction> {
    this.language = language;
    this.languages = [...new Set([language, ...list(this.options.fallbackLng)])].filter(Boolean);
    return Promise.resolve(this.t);
  }

  /** Registers a plugin (react-i18next's initReactI18next); nothing to do here. */
  use(): this {
    return this;
  }

  on(): void {}

  off(): void {}

  hasLoadedNamespace(): boolean {
    return true;
  }

  loadNamespaces(): Promise<void> {
    return Promise.resolve();
  }

  getFixedT(language?: string | null, namespace?: string | string[] | null): TFunction {
    return (key, options) => {
      const resolved: TOptions = typeof options === "string" ? { defaultValue: options } : { ...options };
      if (language && resolved.lng === undefined) resolved.lng = language;
      if (namespace && resolved.ns === undefined) resolved.ns = namespace;
      return this.t(key, resolved);
    };
  }

  exists(key: string, options: TOptions = {}): boolean {
    return this.resolve(key, options) !== undefined;
  }

  t: TFunction = (key, options) => {
    const resolved: TOptions = typeof options === "string" ? { defaultValue: options } : (options ?? {});
    const found = this.resolve(key, resolved);
    const text = found ?? resolved.defaultValue ?? key;
    return this.interpolate(text, resolved);
  };

  private resolve(key: string, options: TOptions): string | undefined {
    const namespaces = this.namespaces(options);
    const languages = options.lng ? [options.lng, ...list(this.options.fallbackLng)] : this.languages;
    const plural = typeof options.count === "number";
    for (const namespace of namespaces) {
      for (const language of languages) {
        // Most specific first, like i18next: key_zero (count 0), the plural form, the key.
        const keys = [key];
        if (plural) {
          keys.push(key + pluralSuffix(language, options.count!));
          if (options.count === 0) keys.push(`${key}_zero`);
        }
        for (let index = keys.length - 1; index >= 0; index -= 1) {
          const value = this.lookup(language, namespace, keys[index]!);
          if (value !== undefined) return value;
        }
      }
    }
    return undefined;
  }

  private namespaces(options: TOptions): string[] {
    const texts = this.shared ? registered.get(options.lng ?? this.language) : undefined;
    if (!texts) return [...list(options.ns ?? this.options.defaultNS ?? "translation"), ...list(this.options.fallbackNS)];
    let order = orders.get(texts);
    if (!order) orders.set(texts, (order = namespaceOrder(texts.namespaces)));
    return [...list(options.ns ?? order.defaultNS), ...order.fallbackNS];
  }

  /** A namespace's text for a key, remembered per namespace object: a page asks for the same keys in every namespace of the fallback order. */
  private lookup(language: string, namespace: string, key: string): string | undefined {
    const data = (this.shared ? registered.get(language)?.resources : this.resources[language])?.[namespace];
    if (!data) return undefined;
    const separator = this.options.keySeparator ?? false;
    let bySeparator = lookups.get(data);
    if (!bySeparator) lookups.set(data, (bySeparator = new Map()));
    let found = bySeparator.get(separator);
    if (!found) bySeparator.set(separator, (found = new Map()));
    if (found.has(key)) return found.get(key);
    const value = find(data, key, separator);
    found.set(key, value);
    return value;
  }

  private interpolate(text: string, options: TOptions): string {
    return text.replace(/{{([^{}]+)}}/g, (match, name: string) => {
      const variable = name.trim().replace(/^-\s*/, "");
      if (!(variable in options)) return match;
      const value = options[variable];
      return value === undefined || value === null ? "" : String(value);
    });
  }
}

export function createInstance(options?: InitOptions): I18n {
  const instance = new I18n();
  if (options) instance.init(options);
  return instance;
}

const i18next = Object.assign(createInstance(), { createInstance });
export default i18next;
