import webpack from "webpack";
import { keptInRenderer, limitRendererEnvironment } from "./renderer-environment";

describe("the HTML renderer's environment", () => {
  test("keeps the pages' GATSBY_* variables and Gatsby's own; drops the rest of the build environment", () => {
    const define = new webpack.DefinePlugin({
      "process.env": "({})",
      "process.env.NODE_ENV": '"production"',
      "process.env.PUBLIC_DIR": '"/build/DE/public"',
      "process.env.BUILD_STAGE": '"build-html"',
      "process.env.GATSBY_MEDIA_ORIGIN": '""',
      "process.env.CATALOGUE_FULL_SYNC": '"1"',
      "process.env.GRAPHQL_TOKEN": '"secret"',
      "process.env.npm_lifecycle_event": '"start"',
      __PATH_PREFIX__: '""',
    });
    const other = new webpack.ProgressPlugin();
    limitRendererEnvironment([other, define, null]);
    expect(Object.keys(define.definitions).sort()).toEqual([
      "__PATH_PREFIX__",
      "process.env",
      "process.env.BUILD_STAGE",
      "process.env.GATSBY_MEDIA_ORIGIN",
      "process.env.NODE_ENV",
      "process.env.PUBLIC_DIR",
    ]);
  });

  test("which variables stay", () => {
    expect(keptInRenderer("GATSBY_CAPTCHA")).toBe(true);
    expect(keptInRenderer("NODE_ENV")).toBe(true);
    expect(keptInRenderer("SHOP")).toBe(false);
    expect(keptInRenderer("gatsby_lowercase")).toBe(false);
    expect(keptInRenderer("PATH")).toBe(false);
  });
});
