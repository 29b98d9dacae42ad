import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signS3Request } from "./s3.ts";

describe("signS3Request", () => {
  it("matches the AWS Signature V4 example for GET Object", () => {
    // docs.aws.amazon.com AmazonS3 API sig-v4-header-based-auth, "Example: GET Object".
    const headers = signS3Request(
      { region: "us-east-1", accessKeyId: "AKIAIOSFODNN7EXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY" },
      {
        method: "GET",
        url: new URL("https://examplebucket.s3.amazonaws.com/test.txt"),
        headers: { Range: "bytes=0-9" },
        payloadHash: createHash("sha256").update("").digest("hex"),
        now: new Date("2013-05-24T00:00:00Z"),
      },
    );
    expect(headers.authorization).toBe(
      "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, " +
        "SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, " +
        "Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41",
    );
  });
});
