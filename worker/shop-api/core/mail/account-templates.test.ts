import { composeMail, type MailParams, type MailTemplate } from "./templates";

const LANGUAGES = ["de", "at", "en", "fr", "it", "nl"] as const;
const TOKEN = "AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde";

const PARAMS: { [T in Extract<MailTemplate, `customer-${string}` | "storage-reminder">]: MailParams<T> } = {
  "customer-verify": { name: "Erika Muster", path: `/customer/account/Verify/?token=${TOKEN}` },
  "customer-already-registered": { loginPath: "/customer/account/Login/", resetPath: "/customer/account/PasswordReset/" },
  "customer-password-reset": { name: "Erika Muster", path: `/customer/account/PasswordReset/?token=${TOKEN}` },
  "customer-password-changed": { name: "Erika Muster", resetPath: "/customer/account/PasswordReset/" },
  "storage-reminder": { name: "Erika Muster", orderNumber: "DE-100001", storedUntil: "18.02.2027", path: "/customer/account/Order/?number=DE-100001" },
};
const TEMPLATES = Object.keys(PARAMS) as (keyof typeof PARAMS)[];

const compose = (template: MailTemplate, language: string, params: unknown, options?: { redactSecrets?: boolean }, shopId = "DE") =>
  composeMail({ shopId, language, template, params }, "development", options);

describe("the account's mails", () => {
  test.each(TEMPLATES)("%s renders in all six languages, every text its own (no key shows)", (template) => {
    const subjects = new Set<string>();
    for (const language of LANGUAGES) {
      const mail = compose(template, language, PARAMS[template]);
      expect(mail.text).not.toMatch(new RegExp(`${template}\\.|layout\\.`));
      expect(mail.html).not.toMatch(new RegExp(`${template}\\.|layout\\.`));
      subjects.add(mail.subject);
    }
    expect(subjects.size).toBe(5); // Austrian German shares the German subject
  });

  test("the verification link is absolute on the shop's host of the environment, with the token, as a button and as text", () => {
    const mail = compose("customer-verify", "de", PARAMS["customer-verify"]);
    const url = `http://de.localhost:8787/customer/account/Verify/?token=${TOKEN}`;
    expect(mail.text).toContain(`E-Mail-Adresse bestätigen:\n${url}`);
    expect(mail.html).toContain(`<a href="${url}"`);
    expect(mail.text).toContain("24 Stunden");
    expect(mail.text).toContain("zu einem Kundenkonto bei Bodenhaus Deutschland");
    const production = composeMail({ shopId: "DE", language: "de", template: "customer-verify", params: PARAMS["customer-verify"] }, "production");
    expect(production.text).toContain(`https://www.bodenhaus.example/customer/account/Verify/?token=${TOKEN}`);
  });

  test("a Swiss French mail links to the French pages (the path carries the prefix)", () => {
    const mail = compose("customer-password-reset", "fr", { name: "Zoé", path: `/fr/customer/account/PasswordReset/?token=${TOKEN}` }, {}, "CH");
    expect(mail.text).toContain(`http://ch.localhost:8787/fr/customer/account/PasswordReset/?token=${TOKEN}`);
    expect(mail.text).toContain("30 minutes");
  });

  test("the back office sees links with a token hidden; links without one stay", () => {
    const reset = compose("customer-password-reset", "en", PARAMS["customer-password-reset"], { redactSecrets: true });
    expect(reset.text).not.toContain(TOKEN);
    expect(reset.html).not.toContain(TOKEN);
    expect(reset.text).toContain("http://de.localhost:8787/customer/account/PasswordReset/?[link hidden]");
    const verify = compose("customer-verify", "en", PARAMS["customer-verify"], { redactSecrets: true });
    expect(verify.text).not.toContain(TOKEN);
    const notice = compose("customer-already-registered", "en", PARAMS["customer-already-registered"], { redactSecrets: true });
    expect(notice.text).toContain("http://de.localhost:8787/customer/account/Login/");
  });

  test("names are escaped in HTML; a path that is not one of the shop is refused (no other host, no markup)", () => {
    const mail = compose("customer-verify", "en", { ...PARAMS["customer-verify"], name: `<img src=x onerror=alert(1)>` });
    expect(mail.html).not.toContain("<img");
    expect(mail.html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    for (const path of ["https://evil.example/x", "//evil.example/x", '/x"><script>', "/x\nBcc: a@b.c"])
      expect(() => compose("customer-verify", "en", { ...PARAMS["customer-verify"], path })).toThrow();
  });

  test("the storage reminder names the order, the last free day and the way to call off", () => {
    const mail = compose("storage-reminder", "de", PARAMS["storage-reminder"]);
    expect(mail.subject).toBe("Ihre eingelagerte Ware der Bestellung DE-100001 bei Bodenhaus Deutschland");
    expect(mail.text).toContain("bis zum 18.02.2027 kostenlos");
    expect(mail.text).toContain("http://de.localhost:8787/customer/account/Order/?number=DE-100001");
    expect(mail.text).toContain("weil Sie bei Bodenhaus Deutschland bestellt haben");
  });
});
