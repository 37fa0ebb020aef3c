import {ratio,blend} from '/tmp/a11y/contrast.mjs';
import { theme } from 'antd';
import { generate } from '@ant-design/colors';
const cfg = JSON.parse(process.argv[2]||'{}');
const t = theme.getDesignToken({token: cfg});
const solid=(c,bg='#ffffff')=>{ if(c.startsWith('#')) return c.slice(0,7); const m=c.match(/rgba?\(([^)]+)\)/); const [r,g,b,a=1]=m[1].split(',').map(Number); const f='#'+[r,g,b].map(x=>x.toString(16).padStart(2,'0')).join(''); return blend(a,f,bg);};
const pairs=[['colorTextSecondary','#ffffff'],['colorTextTertiary','#ffffff'],['colorTextTertiary','#fafafa'],['colorTextDescription','#ffffff'],['colorTextPlaceholder','#ffffff'],['colorTextDisabled','#ffffff'],['colorLink','#ffffff'],['colorPrimary','colorPrimaryBg'],['colorInfo','colorInfoBg'],['colorSuccess','colorSuccessBg'],['colorWarning','colorWarningBg'],['colorError','colorErrorBg'],['colorError','#ffffff'],['colorSuccess','#ffffff'],['colorWarning','#ffffff']];
for (const [a,b] of pairs){const bg=b.startsWith('#')?b:t[b]; console.log(a.padEnd(22), t[a], 'on', bg, ratio(solid(t[a],bg),solid(bg)).toFixed(2));}
console.log('white on primary', ratio('#ffffff', t.colorPrimary).toFixed(2), 'white on error', ratio('#ffffff', t.colorError).toFixed(2), 'white on success', ratio('#ffffff',t.colorSuccess).toFixed(2));
for (const k of ['green','gold','orange','cyan','lime','volcano','yellow','red','blue','magenta']) console.log(k, t[k+'7'], 'on', t[k+'1'], ratio(t[k+'7'],t[k+'1']).toFixed(2));
