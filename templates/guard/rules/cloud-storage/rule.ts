import { defineGuardRule } from '../../../../src/presets/guard-rule.js';

export default defineGuardRule({
  summary: 'Deleting cloud storage: aws s3 rm --recursive / rb / sync --delete, s3api delete-bucket, gsutil rm -r / rb, gcloud storage rm, az storage … delete, rclone purge/delete/sync, rsync --delete or --remove-source-files to a destination outside the project.',
  enabled: false,
  docs: {
    blocks: '`aws s3 rm s3://b --recursive`, `aws s3 sync ./empty s3://b --delete`, `aws s3 rb`, `aws s3api delete-bucket` / `delete-objects`, `gsutil -m rm -r gs://b`, `gsutil rb`, `gsutil rsync -d`, `gcloud storage rm`, `az storage account delete` / `blob delete-batch`, `rclone purge` / `delete` / `sync` / `--delete-excluded`, `s3cmd`, `mc rb`, `rsync -a --delete src/ /dest/` and `rsync --remove-source-files` outside the project. Instead: copy without deleting, list first',
    letsThrough: '`aws s3 ls`, `aws s3 cp`, `aws s3 sync` without `--delete`, `gsutil ls` / `cp`, `rclone copy` / `ls`, `rsync -a --delete src/ ./mirror/` (inside the project) or into `/tmp/…`',
  },
});
