import { Button, Result, Space, Spin, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { href, paths } from '../../lib/paths';
import { useContentItem } from './api';
import { ContentEditor } from './content-editor';

/** One knowledge article or education item (/frisApplet/knowledge/detail/:id; `new` with ?kind= for a new one). */
export function ContentDetailPage() {
  const { t } = useTranslation('content');
  const { id: raw } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const id = raw === 'new' ? 0 : Number(raw);
  const item = useContentItem(id);
  const kind = item.data?.kind ?? (search.get('kind') === 'education' ? 'education' : 'article');
  const back = kind === 'education' ? paths.frisEducation : paths.frisKnowledge;

  if (raw !== 'new' && !(id > 0)) return <Result status="404" title={t('notFound')} />;
  if (id > 0 && item.isLoading) return <Spin />;
  if (id > 0 && !item.data) return <Result status="404" title={t('notFound')} />;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }} data-testid="content-detail">
      <Space>
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(back)} aria-label={t('back')} />
        <Typography.Title level={4} style={{ margin: 0 }}>
          {item.data ? item.data.titleZh : t(`new_${kind}`)}
        </Typography.Title>
      </Space>
      <ContentEditor
        kind={kind}
        item={item.data ?? null}
        onSaved={(saved) => {
          if (!id)
            navigate(`${href(paths.frisKnowledgeDetail, { id: String(saved) })}?kind=${kind}`, { replace: true });
        }}
      />
    </div>
  );
}
