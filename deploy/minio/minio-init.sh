#!/bin/sh
# The one-shot `minio-init` service of compose.yaml: the uploads bucket with versioning (an overwritten or
# deleted upload can be brought back), and the app's own access key, allowed that bucket only. Safe to run
# again: every step leaves what exists as it is.
set -eu
mc alias set store http://minio:9000 "$MINIO_ROOT_USER" "$MINIO_ROOT_PASSWORD" >/dev/null
mc mb --ignore-existing "store/$S3_BUCKET"
mc version enable "store/$S3_BUCKET"
# Old versions of a file are kept 90 days after it was replaced or deleted (the import replaces the rules).
echo '{"Rules":[{"ID":"old-versions-90-days","Status":"Enabled","Filter":{"Prefix":""},"NoncurrentVersionExpiration":{"NoncurrentDays":90}}]}' |
  mc ilm import "store/$S3_BUCKET"
cat > /tmp/pool-app-policy.json <<POLICY
{
  "Version": "2012-10-17",
  "Statement": [
    { "Effect": "Allow", "Action": ["s3:ListBucket"], "Resource": ["arn:aws:s3:::$S3_BUCKET"] },
    {
      "Effect": "Allow",
      "Action": ["s3:GetObject", "s3:PutObject", "s3:DeleteObject"],
      "Resource": ["arn:aws:s3:::$S3_BUCKET/*"]
    }
  ]
}
POLICY
mc admin policy create store pool-app /tmp/pool-app-policy.json
mc admin user add store "$S3_ACCESS_KEY_ID" "$S3_SECRET_ACCESS_KEY"
mc admin policy attach store pool-app --user "$S3_ACCESS_KEY_ID" 2>/dev/null || true
echo "minio-init: bucket $S3_BUCKET ready (versioned), access key $S3_ACCESS_KEY_ID allowed it"
