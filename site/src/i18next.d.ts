import "i18next";

// Translations never return null (i18nextOptions.returnNull is false in gatsby-config.ts).
declare module "i18next" {
  interface CustomTypeOptions {
    returnNull: false;
  }
}
