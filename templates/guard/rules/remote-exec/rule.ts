import { defineGuardRule } from '../../../../src/presets/guard-rule.js';

export default defineGuardRule({
  summary: 'curl/wget (or base64 -d) piped into a shell or interpreter; eval/source of $(curl …) or <(curl …).',
  enabled: true,
  docs: {
    blocks: '`curl … | bash`, `wget -qO- … | sh`, `base64 -d | sh`, `curl … | python3`, `bash -c "$(curl …)"`, `eval "$(curl …)"`, `source <(curl …)`, `bash <(wget …)`',
    letsThrough: '`curl … -o /tmp/x.sh`, `curl … | jq .`, `curl … | python3 -m json.tool`',
  },
});
