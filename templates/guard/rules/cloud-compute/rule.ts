import { defineGuardRule } from '../../../../src/presets/guard-rule.js';

export default defineGuardRule({
  summary: 'Tearing down cloud machines, stacks and clusters: aws … terminate-* and delete-* of compute services (ec2, cloudformation, eks, ecs, lambda…), gcloud compute/container/run … delete, az vm/aks/group delete, eksctl delete, cdk destroy, serverless remove, doctl/hcloud/fly … destroy.',
  enabled: false,
  docs: {
    blocks: '`aws ec2 terminate-instances`, `aws cloudformation delete-stack`, `aws eks delete-cluster`, `aws lambda delete-function`, `gcloud compute instances delete`, `gcloud container clusters delete`, `az vm delete`, `az aks delete`, `az group delete`, `eksctl delete cluster`, `cdk destroy`, `serverless remove`, `doctl compute droplet delete`, `fly apps destroy`, `heroku apps:destroy` (`terraform destroy` is `infra`\'s). Instead: leave teardown to a human',
    letsThrough: '`aws ec2 describe-instances`, `aws cloudformation deploy`, `gcloud compute instances list`, `az vm list`, `eksctl get cluster`, `cdk diff`',
  },
});
