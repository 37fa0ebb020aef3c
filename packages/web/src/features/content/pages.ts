export { KnowledgePage, EducationPage } from './list-page';
export { ContentDetailPage } from './detail-page';
export { CompanyHomepagePage, HospitalHomepagePage } from './homepage-page';
export { CategoryPage } from './category-page';
