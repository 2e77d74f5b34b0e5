import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { canonicalJson, mathsHash } from "./hash.js";

describe("canonicalJson and mathsHash", () => {
  it("sorts keys at every level, keeps array order, drops undefined", () => {
    expect(canonicalJson({ b: 1, a: [3, { d: null, c: "x" }], e: undefined })).toBe('{"a":[3,{"c":"x","d":null}],"b":1}');
    expect(() => canonicalJson(() => 1)).toThrow(/no JSON form/);
  });

  it("the hash does not depend on key order and is SHA-256 of the canonical text", () => {
    const a = mathsHash({ x: 1, y: [1, 2] });
    expect(a).toBe(mathsHash({ y: [1, 2], x: 1 }));
    expect(a).toBe(createHash("sha256").update('{"x":1,"y":[1,2]}').digest("hex"));
    expect(a).not.toBe(mathsHash({ x: 1, y: [2, 1] }));
  });
});
