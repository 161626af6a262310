import { smtpMailerOptions } from "./smtp-transport";
import { mailTransportFromEnv, type MailEnv, type TransportChoice } from "./transport-config";

const nameOf = (choice: TransportChoice) => ("transport" in choice ? choice.transport.name : `problem: ${choice.problem}`);

test("the local defaults of wrangler.jsonc: plain SMTP to the catcher", () => {
  expect(nameOf(mailTransportFromEnv({ MAIL_TRANSPORT: "smtp", SMTP_HOST: "127.0.0.1", SMTP_PORT: "1025", SMTP_SECURITY: "none" }))).toBe(
    "smtp 127.0.0.1:1025 (none)",
  );
});

test.each<[string, MailEnv, string]>([
  ["STARTTLS by default, on its port", { MAIL_TRANSPORT: "smtp", SMTP_HOST: "smtp.example.com" }, "smtp smtp.example.com:587 (starttls)"],
  ["TLS on its port", { MAIL_TRANSPORT: "smtp", SMTP_HOST: "smtp.example.com", SMTP_SECURITY: "tls" }, "smtp smtp.example.com:465 (tls)"],
  [
    "a relay with credentials",
    { MAIL_TRANSPORT: "smtp", SMTP_HOST: "smtp.example.com", SMTP_PORT: "2525", SMTP_USER: "shop", SMTP_PASSWORD: "secret" },
    "smtp smtp.example.com:2525 (starttls)",
  ],
  [
    "an HTTP mail API",
    { MAIL_TRANSPORT: "http", MAIL_API_URL: "https://api.mail.example/emails", MAIL_API_KEY: "key" },
    "http https://api.mail.example/emails",
  ],
  [
    "an HTTP mail API on localhost",
    { MAIL_TRANSPORT: "http", MAIL_API_URL: "http://127.0.0.1:9000/send", MAIL_API_KEY: "key" },
    "http http://127.0.0.1:9000/send",
  ],
])("%s", (_name, env, expected) => {
  expect(nameOf(mailTransportFromEnv(env))).toBe(expected);
});

test.each<[string, MailEnv, RegExp]>([
  ["nothing configured", {}, /No mail transport configured: set MAIL_TRANSPORT to smtp or http/],
  ["an unknown transport", { MAIL_TRANSPORT: "pigeon" }, /MAIL_TRANSPORT 'pigeon' is neither smtp nor http/],
  ["SMTP without a host", { MAIL_TRANSPORT: "smtp", SMTP_PORT: "25" }, /needs SMTP_HOST/],
  ["an unknown security", { MAIL_TRANSPORT: "smtp", SMTP_HOST: "h", SMTP_SECURITY: "ssl" }, /SMTP_SECURITY 'ssl' is none of none, starttls, tls/],
  ["a port that is no port", { MAIL_TRANSPORT: "smtp", SMTP_HOST: "h", SMTP_PORT: "70000" }, /SMTP_PORT '70000' is not a port number/],
  ["a user without a password", { MAIL_TRANSPORT: "smtp", SMTP_HOST: "h", SMTP_USER: "shop" }, /set both or neither/],
  [
    "credentials without TLS",
    { MAIL_TRANSPORT: "smtp", SMTP_HOST: "h", SMTP_SECURITY: "none", SMTP_USER: "shop", SMTP_PASSWORD: "secret" },
    /never sent without TLS/,
  ],
  ["HTTP without a key", { MAIL_TRANSPORT: "http", MAIL_API_URL: "https://api.mail.example/emails" }, /needs MAIL_API_URL and MAIL_API_KEY/],
  ["HTTP to a URL that is none", { MAIL_TRANSPORT: "http", MAIL_API_URL: "api.mail.example", MAIL_API_KEY: "key" }, /is not a URL/],
  ["plain HTTP to another host", { MAIL_TRANSPORT: "http", MAIL_API_URL: "http://api.mail.example/emails", MAIL_API_KEY: "key" }, /must be https/],
  ["credentials in the URL", { MAIL_TRANSPORT: "http", MAIL_API_URL: "https://user:pw@api.mail.example/", MAIL_API_KEY: "key" }, /may not carry credentials/],
])("no transport but a problem in words: %s", (_name, env, problem) => {
  expect(nameOf(mailTransportFromEnv(env))).toMatch(problem);
});

test("SMTP security becomes worker-mailer's options: plain, STARTTLS or TLS; AUTH only with credentials", () => {
  expect(smtpMailerOptions({ host: "127.0.0.1", port: 1025, security: "none" })).toMatchObject({ secure: false, startTls: false });
  expect(smtpMailerOptions({ host: "127.0.0.1", port: 1025, security: "none" })).not.toHaveProperty("credentials");
  expect(smtpMailerOptions({ host: "h", port: 587, security: "starttls", credentials: { username: "u", password: "p" } })).toMatchObject({
    secure: false,
    startTls: true,
    credentials: { username: "u", password: "p" },
    authType: ["plain", "login", "cram-md5"],
  });
  expect(smtpMailerOptions({ host: "h", port: 465, security: "tls" })).toMatchObject({ secure: true, startTls: false });
});
