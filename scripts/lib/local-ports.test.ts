import { localHost, localPort, portLock } from "./local-ports";
import { loadShopConfig } from "./shops";

const config = loadShopConfig();
const withHosts = (environment: "development" | "test", hosts: string[][]) => ({
  ...config,
  shops: config.shops.map((shop, index) => ({ ...shop, hosts: { ...shop.hosts, [environment]: hosts[index] ?? [] } })),
});

describe("local ports", () => {
  test("npm start and the browser tests serve the shops on ports of their own", () => {
    expect(localPort(config, "development")).toBe(8787);
    expect(localPort(config, "test")).toBe(8797);
    expect(localHost(config, "CH", "test")).toBe("ch.localhost:8797");
    expect(localHost(config, "DE", "development")).toBe("de.localhost:8787");
  });

  test("hosts of one environment on two ports are refused", () => {
    expect(() => localPort(withHosts("test", [["de.localhost:8797"], ["ch.localhost:8798"]]), "test")).toThrow(
      "the test hosts must all name one port (found 8797, 8798",
    );
  });

  test("hosts without a port are refused", () => {
    const hosts = config.shops.map((shop) => [`${shop.id.toLowerCase()}.localhost`]);
    expect(() => localPort(withHosts("development", hosts), "development")).toThrow("found none");
  });

  test("an environment without hosts is refused", () => {
    expect(() => localPort(withHosts("test", []), "test")).toThrow("found no hosts");
  });

  test("an unknown shop has no host", () => {
    expect(() => localHost(config, "XX", "test")).toThrow("no test host for shop XX");
  });

  test("each port has its own lock", () => {
    expect(portLock(8787)).not.toBe(portLock(8797));
    expect(portLock(8797)).toMatch(/bodenhaus-port-8797\.lock$/);
  });
});
