import { accessoryPicker, ACCESSORY_CATEGORIES } from "./accessories";

describe("accessoryPicker: a product page's accessories", () => {
  const product = (sku: string, ...trail: string[]) => ({ sku, categoryTrailIds: trail });
  const listed = [
    product("ROOF-1", "baustoffe", "baustoffe-dachfenster"),
    product("GLUE-1", "baustoffe", "baustoffe-kleber"),
    product("OIL-1", "baustoffe", "baustoffe-pflege"),
    product("ROOF-2", "baustoffe", "baustoffe-dachfenster"),
    product("SKIRT-1", "baustoffe", "baustoffe-sockelleisten"),
    product("UNDER-1", "baustoffe", "baustoffe-daemmung"),
    product("GLUE-2", "baustoffe", "baustoffe-kleber"),
    product("UNDER-2", "baustoffe", "baustoffe-daemmung"),
  ];
  const pick = accessoryPicker(listed);

  test("a floor gets the first four installation materials that fit it, in their order", () => {
    expect(pick(product("P1", "parkett", "parkett-landhausdielen"))).toEqual(["GLUE-1", "OIL-1", "SKIRT-1", "UNDER-1"]);
    expect(pick(product("V1", "vinyl", "vinyl-klick-vinyl"))).toEqual(["GLUE-1", "SKIRT-1", "UNDER-1", "GLUE-2"]);
    expect(pick(product("L1", "laminat"))).toEqual(["SKIRT-1", "UNDER-1", "UNDER-2"]);
    expect(pick(product("T1", "teppichboden"))).toEqual(["GLUE-1", "SKIRT-1", "GLUE-2"]);
  });

  test("roof-window parts are never a floor's accessories", () => {
    for (const world of ["parkett", "vinyl", "laminat", "teppichboden"]) expect(pick(product("X", world)).filter((sku) => sku.startsWith("ROOF"))).toEqual([]);
    expect(ACCESSORY_CATEGORIES.has("baustoffe-dachfenster")).toBe(false);
  });

  test("a world the materials do not fit, the materials themselves and a product without category get none", () => {
    for (const world of ["terrasse", "garten", "wandverkleidung", "baustoffe"]) expect(pick(product("X", world))).toEqual([]);
    expect(pick(product("Y"))).toEqual([]);
    expect(accessoryPicker([])(product("P", "parkett"))).toEqual([]);
  });
});
