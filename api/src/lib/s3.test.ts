import { createHash } from "node:crypto";
import { AwsV4Signer } from "aws4fetch";
import { describe, expect, it } from "vitest";

// The S3 server the upload tests run against (s3rver) does not verify Signature V4, so the
// signing library is held to AWS's published example here.
describe("Signature V4 (aws4fetch, the signer S3Client uses)", () => {
  it("matches the AWS Signature V4 example for GET Object", async () => {
    // docs.aws.amazon.com AmazonS3 API sig-v4-header-based-auth, "Example: GET Object".
    const signer = new AwsV4Signer({
      url: "https://examplebucket.s3.amazonaws.com/test.txt",
      method: "GET",
      // aws4fetch leaves Range unsigned unless told to sign every header; the example signs it.
      allHeaders: true,
      headers: { Range: "bytes=0-9", "x-amz-content-sha256": createHash("sha256").update("").digest("hex") },
      accessKeyId: "AKIAIOSFODNN7EXAMPLE",
      secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
      service: "s3",
      region: "us-east-1",
      datetime: "20130524T000000Z",
    });
    const { headers } = await signer.sign();
    expect(headers.get("authorization")).toBe(
      "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, " +
        "SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, " +
        "Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41",
    );
  });
});
