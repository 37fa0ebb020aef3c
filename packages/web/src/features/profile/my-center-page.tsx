import { Alert, Button, Card, Col, Row, Skeleton, Space, Tabs } from 'antd';
import { EditOutlined, LockOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useUserInfo } from './api/user-info';
import { PasswordForm } from './components/password-form';
import { ProfileForm } from './components/profile-form';
import { SignatureSetting } from './components/signature-setting';
import { AutoSignSetting } from './components/auto-sign-setting';
import { UserSummary } from './components/user-summary';
import { tabFromQuery, type MyCenterTab } from './my-center-tabs';
import './profile.css';

/** /my-center: the user's own profile and password (spec section 2, Other screens: profile with change password). */
export function MyCenterPage() {
  const { t } = useTranslation('profile');
  const [params, setParams] = useSearchParams();
  const tab = tabFromQuery(params.get('tab'));
  const info = useUserInfo();

  if (info.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('loadFailed')}
        description={info.error.message}
        action={
          <Button size="small" onClick={() => void info.refetch()} loading={info.isFetching}>
            {t('version.retry')}
          </Button>
        }
      />
    );
  }

  const handleTabChange = (key: string) =>
    setParams(key === 'profile' ? {} : { tab: key as MyCenterTab }, { replace: true });

  return (
    <Row gutter={[20, 20]} className="my-center">
      <Col xs={24} lg={9} xl={8} xxl={6}>
        {info.data ? (
          <UserSummary info={info.data} />
        ) : (
          <Card>
            <Skeleton avatar active paragraph={{ rows: 6 }} />
          </Card>
        )}
      </Col>
      <Col xs={24} lg={15} xl={16} xxl={18}>
        <Card className="my-center-main">
          <Tabs
            activeKey={tab}
            onChange={handleTabChange}
            items={[
              {
                key: 'profile',
                icon: <UserOutlined />,
                label: t('tabs.profile'),
                children: info.data ? (
                  <ProfileForm key={info.data.id} info={info.data} />
                ) : (
                  <Skeleton active paragraph={{ rows: 6 }} />
                ),
              },
              { key: 'password', icon: <LockOutlined />, label: t('tabs.password'), children: <PasswordForm /> },
              {
                key: 'signature',
                icon: <EditOutlined />,
                label: t('tabs.signature'),
                children: info.data ? (
                  <Space orientation="vertical" size="large" style={{ width: '100%' }}>
                    <SignatureSetting userId={info.data.id} />
                    <AutoSignSetting />
                  </Space>
                ) : (
                  <Skeleton active />
                ),
              },
            ]}
          />
        </Card>
      </Col>
    </Row>
  );
}
