import { Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useHomepage } from './api';
import { ContentEditor } from './content-editor';

/**
 * The company or hospital homepage of the mini-program (banners, introduction, honours, address, phone): one each
 * per organization, written and reviewed like an article.
 */
function HomepagePage({ kind }: { kind: 'company' | 'hospital' }) {
  const { t } = useTranslation('content');
  const home = useHomepage(kind);
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }} data-testid={`content-home-${kind}`}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t(`title.${kind}`)}
      </Typography.Title>
      {home.isLoading ? <Spin /> : <ContentEditor kind={kind} item={home.data ?? null} />}
    </div>
  );
}

export const CompanyHomepagePage = () => <HomepagePage kind="company" />;
export const HospitalHomepagePage = () => <HomepagePage kind="hospital" />;
